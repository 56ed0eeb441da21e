/**
 * A process that opens the service's SQLite store at `argv[2]` at the instant `argv[3]` (epoch
 * milliseconds), as one worker of `npm run start:cluster` does, then prints `opened` or the error.
 */
import { openStore } from '../../routes/store/open-store';

const [file, at] = process.argv.slice(2);
while (Date.now() < Number(at)) {
  // Spin, so that every process starts opening within the same millisecond.
}
openStore({ engine: 'sqlite', file: file! })
  .then(async (store) => {
    console.log('opened');
    await store.close();
  })
  .catch((error: unknown) => {
    console.log(`failed: ${error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}` : String(error)}`);
  });
