import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACK_FOLDER } from './scratch-app';

/**
 * The `package` project's global set-up (jest.config.ts): a folder for the run's one packing of the
 * package, named to the test files by {@link PACK_FOLDER}. The first test file that installs the
 * package in a scratch app packs it there (`npm pack`, which builds it), the others wait for that
 * tarball and copy it ({@link packInto}), so that the package is built and packed once, not once a
 * test file. Nothing is packed here: the set-up would hold back every project's first test.
 */
export default async function packOnce(): Promise<void> {
  process.env[PACK_FOLDER] = await mkdtemp(join(tmpdir(), 'represent-packed-'));
}

/** The global tear-down: removes the folder and the tarball in it. */
export async function removePacked(): Promise<void> {
  const folder = process.env[PACK_FOLDER];
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
}
