import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Mount } from '../hooks/both-mounts';
import { rawGet, serving } from './stream-fixture';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const CHUNK = 64 * 1024;
const CHUNKS = 800; // 50 MiB
const MB = 1024 * 1024;

/**
 * The chunks a stream wrote are not kept: measured inside the source, after a full GC, the
 * memory in ArrayBuffers (where Buffers live) 40 MiB into a 50 MiB body is within a few of the
 * response's and the sockets' buffers of where it started. Measured in bytes, not time.
 */
describe.each<Mount>(['middleware', 'wrap'])('a streamed body under router.%s', (mount) => {
  const serve = serving(mount);

  it('holds no more than a few MiB of it at a time, whatever its size', async () => {
    let base = 0;
    let growth = Number.NaN;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let i = 0; i < CHUNKS; i++) {
        if (i === 16) {
          gc();
          base = process.memoryUsage().arrayBuffers;
        }
        if (i === 640) {
          gc();
          growth = process.memoryUsage().arrayBuffers - base;
        }
        yield Buffer.alloc(CHUNK, 0x61);
      }
    }
    const server = await serve((api) => api.get('/big').produces('application/octet-stream').handle(() => chunks()));
    const res = await rawGet(server, '/big');
    let bytes = 0;
    res.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await new Promise((resolve, reject) => {
      res.on('end', resolve);
      res.on('error', reject);
    });
    expect(bytes).toBe(CHUNK * CHUNKS);
    expect(growth / MB).toBeLessThan(16);
  }, 60_000);
});
