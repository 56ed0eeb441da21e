import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Mount } from '../setup/both-mounts';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serving } from '../setup/stream-fixture';

/**
 * The bytes a client in a process of its own read from `url`: its buffers are not in the
 * memory measured here, which is the server's alone.
 */
function bytesReadFrom(url: string): Promise<number> {
  const client = `require('node:http').get(process.argv[1], (res) => { let n = 0; res.on('data', (c) => (n += c.length)); res.on('end', () => process.stdout.write(String(n))); })`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', client, url], { timeout: 50_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`));
      else resolve(Number(stdout));
    });
  });
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * The bytes in ArrayBuffers still reachable. A GC finds the dead ones, but V8 frees their memory
 * with a sweeper that may still be running, concurrently, when `gc()` returns: read at once, the
 * count held all 624 dead chunks on Node 24 about one run in two (39 MiB, or a base too high and a
 * negative growth). The next GC first finishes the sweep the previous one left, so after a second
 * one the count is what the first found alive.
 */
function liveArrayBuffers(): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

const CHUNK = 64 * 1024;
const CHUNKS = 800; // 50 MiB
const MB = 1024 * 1024;

/**
 * The chunks a stream wrote are not kept: measured inside the source, after a full GC, the
 * memory in ArrayBuffers (where Buffers live) 40 MiB into a 50 MiB body is within a few of the
 * response's and the sockets' buffers of where it started. The client reads in a process of its
 * own, so that its chunks, garbage until a GC, are not counted. Measured in bytes, not time.
 */
describe.each<Mount>(['middleware', 'wrap'])('a streamed body under router.%s', (mount) => {
  const serve = serving(mount);

  it('holds no more than a few MiB of it at a time, whatever its size', async () => {
    let base = 0;
    let growth = Number.NaN;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let i = 0; i < CHUNKS; i++) {
        if (i === 16) base = liveArrayBuffers();
        if (i === 640) growth = liveArrayBuffers() - base;
        yield Buffer.alloc(CHUNK, 0x61);
      }
    }
    const server = await serve((api) => api.get('/big').produces('application/octet-stream').handle(() => chunks()));
    const bytes = await bytesReadFrom(`http://127.0.0.1:${(server.address() as AddressInfo).port}/big`);
    expect(bytes).toBe(CHUNK * CHUNKS);
    expect(growth / MB).toBeLessThan(16);
  }, 60_000);
});
