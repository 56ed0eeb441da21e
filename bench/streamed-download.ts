/**
 * The streamed download case of issue 25 (`npm run bench -- --case stream-download`, and part of
 * every full run): a route returns a 100 MB body as an async iterable of 64 KiB Buffers, made as
 * they are asked for, and a client on 127.0.0.1 (a process of its own) reads it whole; under `router.middleware()` and
 * `router.wrap(app)`. `process.memoryUsage()` is sampled every 5 ms from before the request to
 * the end of the body, without forcing a GC: the peak growth of the heap (and of the memory held
 * outside it, Buffers) above the level at the start counts garbage too, so it is an upper bound of
 * what the body held; every 10th sample also forces a full GC and takes the live heap and external
 * memory, what was still reachable. The library holds one chunk at a time, and the response's buffer
 * (backpressure), so the growth is flat in the body's size; a body held whole would be 100 MB.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import express from 'express';
import { createRouter } from '../src';

// A full GC on demand, for the live figure (what is still reachable), without `--expose-gc` on the command line.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The body's size: 100 MiB. */
export const DOWNLOAD_BYTES = 100 * 1024 * 1024;
/** The heap may grow by less than this while the body streams (issue 25). */
export const HEAP_GROWTH_LIMIT = 16 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** What one download measured. */
export interface DownloadFigures {
  readonly mount: 'middleware' | 'wrap';
  readonly bytes: number;
  readonly ms: number;
  /** Peak of `heapUsed` above its level before the request. */
  readonly peakHeapGrowth: number;
  /** Peak of `external` (Buffers) above its level before the request. */
  readonly peakExternalGrowth: number;
  /** Peak of the live heap and external memory (after a full GC, every 10th sample) above their level before the request. */
  readonly peakLiveGrowth: number;
  /** How many samples were taken. */
  readonly samples: number;
}

async function* chunks(total: number): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < total; sent += CHUNK) yield Buffer.alloc(Math.min(CHUNK, total - sent), 0x61);
}

/** Downloads `bytes` from a route under `mount` and answers what it measured. */
export async function measureDownload(mount: 'middleware' | 'wrap', bytes = DOWNLOAD_BYTES): Promise<DownloadFigures> {
  const api = createRouter();
  api
    .get('/download')
    .produces('application/octet-stream')
    .query('bytes', { type: 'integer' })
    .handle((ctx) => chunks(ctx.query.bytes));
  const app = express();
  const server = mount === 'middleware' ? http.createServer(app.use(api.middleware())) : http.createServer(api.wrap(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // A first, small download compiles the path (code and first-use allocations are not the body's).
  await downloadInChild(port, 1024 * 1024);
  gc();
  const base = process.memoryUsage();
  let peakHeap = 0;
  let peakExternal = 0;
  let peakLive = 0;
  let samples = 0;
  const sample = (): void => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed - base.heapUsed);
    peakExternal = Math.max(peakExternal, now.external - base.external);
    if (samples++ % 10 === 0) {
      gc();
      const live = process.memoryUsage();
      peakLive = Math.max(peakLive, live.heapUsed + live.external - base.heapUsed - base.external);
    }
  };
  const sampler = setInterval(sample, 5);
  const started = performance.now();
  try {
    const received = await downloadInChild(port, bytes);
    sample();
    return { mount, bytes: received, ms: performance.now() - started, peakHeapGrowth: peakHeap, peakExternalGrowth: peakExternal, peakLiveGrowth: peakLive, samples };
  } finally {
    clearInterval(sampler);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The client, in a process of its own: its read buffers are not the server's memory. It reads
 * the body, discards it, and prints how many bytes it read.
 */
const CLIENT = `
const http = require('node:http');
http.get({ host: '127.0.0.1', port: Number(process.argv[1]), path: '/download?bytes=' + process.argv[2], agent: false }, (res) => {
  let count = 0;
  res.on('data', (chunk) => (count += chunk.length));
  res.on('end', () => process.stdout.write(String(count)));
}).on('error', (error) => { console.error(error); process.exit(1); });
`;

/** Runs the client; the bytes it read, or an error with its output after 120 s or a failure. */
function downloadInChild(port: number, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT, String(port), String(bytes)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk));
    const deadline = setTimeout(() => {
      child.kill();
      reject(new Error(`The download did not end within 120 s; client stdout ${out}, stderr ${err}`));
    }, 120_000);
    child.on('exit', (code) => {
      clearTimeout(deadline);
      if (code === 0) resolve(Number(out));
      else reject(new Error(`The client exited with ${code}; stdout ${out}, stderr ${err}`));
    });
  });
}

const MB = 1024 * 1024;

/** One line per mount, as the bench prints it and docs/performance.md shows it. */
export function formatDownload(figures: readonly DownloadFigures[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.mount} | ${(f.bytes / MB).toFixed(0)} MiB | ${f.ms.toFixed(0)} ms | ${(f.peakHeapGrowth / MB).toFixed(1)} MiB | ${(f.peakExternalGrowth / MB).toFixed(1)} MiB | ${(f.peakLiveGrowth / MB).toFixed(1)} MiB | ${f.samples} | ${f.peakHeapGrowth < HEAP_GROWTH_LIMIT ? 'met' : 'MISSED'} |`,
  );
  return ['| mount | body | time | peak heap growth | peak external growth (garbage included) | peak live growth (after GC) | samples | heap < 16 MiB |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/** Runs the case under both mounts; false when the heap grew past the limit or the body was short. */
export async function runStreamedDownload(log: (line: string) => void): Promise<boolean> {
  const figures = [await measureDownload('middleware'), await measureDownload('wrap')];
  log(`\nStreamed download (issue 25)\n${formatDownload(figures)}`);
  return figures.every((f) => f.bytes === DOWNLOAD_BYTES && f.peakHeapGrowth < HEAP_GROWTH_LIMIT);
}
