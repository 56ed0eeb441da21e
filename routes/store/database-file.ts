import { type Stats, statSync } from 'node:fs';

/**
 * Thrown by every write once the database file was deleted or replaced while the service ran.
 * The open connection still reads and writes the file it opened, but that file is no longer at
 * its path: whatever the service wrote from then on would be gone at the next start, silently.
 * So writes are refused until the service is restarted on whatever file is at the path then;
 * reads keep answering from the database it opened.
 */
export class DatabaseFileLost extends Error {
  constructor(
    /** The path of the database file. */
    readonly file: string,
    /** What became of it: no file at the path any more, or another file there. */
    readonly how: 'deleted' | 'replaced',
  ) {
    super(`The database file ${file} was ${how} while the service ran; writes are refused until it restarts`);
    this.name = 'DatabaseFileLost';
  }
}

/** Which file a path names: its device and inode, which a copy, a rename over it or a new file never keep. */
type Identity = Pick<Stats, 'dev' | 'ino'>;

/**
 * Watches that `file` stays the file opened: the returned check throws {@link DatabaseFileLost}
 * when the path names no file or another one than at the call, and from then on every time
 * (the next start is the way back). It costs one `stat` (microseconds, next to a write's fsync);
 * `onLost` hears of the loss once.
 */
export function watchDatabaseFile(file: string, onLost: (error: DatabaseFileLost) => void): () => void {
  const opened: Identity = statSync(file);
  let lost: DatabaseFileLost | undefined;
  return function checkDatabaseFile() {
    if (lost === undefined) {
      const now = statSync(file, { throwIfNoEntry: false });
      if (now !== undefined && now.dev === opened.dev && now.ino === opened.ino) return;
      lost = new DatabaseFileLost(file, now === undefined ? 'deleted' : 'replaced');
      onLost(lost);
    }
    throw lost;
  };
}
