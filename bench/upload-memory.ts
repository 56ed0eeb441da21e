/**
 * The `upload-100mb` case of `npm run bench` (issue 25): a 100 MB `multipart/form-data` upload to a
 * `.body(Multipart)` route, its file streamed to a temporary file, while the process's memory is
 * sampled every 5 ms. The target is the JS heap's peak growth (`heapUsed`, issue 25: under 16 MB).
 * The Buffers outside the heap (`arrayBuffers`) are reported too: their peak counts the socket's
 * chunks already written to disk but not yet collected (no forced GC between samples), so it
 * says how far the garbage collector lets them pile up, and stays far below the 100 MB a
 * buffered body would hold. The client runs in the same process and sends one 64 KiB chunk
 * again and again, waiting for the socket to drain, so it holds nothing either.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Multipart, createRouter } from '../src';
import { MultipartConverter } from '../src/entries/converters';

/** The case's id, for `npm run bench -- --case upload-100mb`. */
export const UPLOAD_CASE_ID = 'upload-100mb';
const FILE_BYTES = 100 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x61);
/** The most the heap may grow by over the upload. */
export const UPLOAD_GROWTH_TARGET = 16 * 1024 * 1024;

/** What the case measured. */
export interface UploadMemory {
  readonly bytes: number;
  readonly status: number;
  readonly storedSize: number | undefined;
  readonly seconds: number;
  readonly samples: number;
  /** Peak `heapUsed` over the baseline, bytes. */
  readonly heapGrowth: number;
  /** Peak `arrayBuffers` over the baseline, bytes. */
  readonly buffersGrowth: number;
  /** Peak of both together over the baseline, bytes. */
  readonly growth: number;
}

/** Runs the upload once on a server of its own (127.0.0.1, a free port) and answers the figures. */
export async function measureUploadMemory(): Promise<UploadMemory> {
  const api = createRouter();
  api
    .post('/upload')
    .converters((registry) => registry.replace('multipart', new MultipartConverter({ limits: { fileSize: 2 * FILE_BYTES } })))
    .limit(2 * FILE_BYTES)
    .body(Multipart)
    .handle((ctx) => ({ size: ctx.body.file('file')?.size }));
  const server = express().use(api.middleware()).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const boundary = 'bench-boundary-5f1d3c';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + FILE_BYTES + tail.length;

  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let heapPeak = base.heapUsed;
  let buffersPeak = base.arrayBuffers;
  let bothPeak = base.heapUsed + base.arrayBuffers;
  let samples = 0;
  const sample = (): void => {
    const now = process.memoryUsage();
    samples++;
    heapPeak = Math.max(heapPeak, now.heapUsed);
    buffersPeak = Math.max(buffersPeak, now.arrayBuffers);
    bothPeak = Math.max(bothPeak, now.heapUsed + now.arrayBuffers);
  };
  const sampler = setInterval(sample, 5);
  const started = process.hrtime.bigint();
  try {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the 100 MB upload got no answer within 120 s')), 120_000);
      const req = httpRequest(
        { port, host: '127.0.0.1', method: 'POST', path: '/upload', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            clearTimeout(timer);
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on('error', reject);
      req.write(head);
      let sent = 0;
      const pump = (): void => {
        while (sent < FILE_BYTES) {
          const piece = FILE_BYTES - sent >= CHUNK.length ? CHUNK : CHUNK.subarray(0, FILE_BYTES - sent);
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
        req.end(tail);
      };
      pump();
    });
    sample();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const storedSize = answer.status === 200 ? (JSON.parse(answer.body) as { size?: number }).size : undefined;
    return {
      bytes: length,
      status: answer.status,
      storedSize,
      seconds,
      samples,
      heapGrowth: heapPeak - base.heapUsed,
      buffersGrowth: buffersPeak - base.arrayBuffers,
      growth: bothPeak - (base.heapUsed + base.arrayBuffers),
    };
  } finally {
    clearInterval(sampler);
    server.close();
  }
}

/** The case's line for the report, and whether it met its target (status 200, the whole file stored, heap growth under 16 MB). */
export function formatUploadMemory(result: UploadMemory): { lines: string[]; ok: boolean } {
  const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  const ok = result.status === 200 && result.storedSize === FILE_BYTES && result.heapGrowth < UPLOAD_GROWTH_TARGET;
  return {
    ok,
    lines: [
      `| ${UPLOAD_CASE_ID} | ${mb(result.bytes)} multipart upload, status ${result.status}, file stored ${result.storedSize ?? '-'} bytes, ${result.seconds.toFixed(1)} s, ${result.samples} samples | heap +${mb(result.heapGrowth)} (target < ${mb(UPLOAD_GROWTH_TARGET)}); Buffers +${mb(result.buffersGrowth)} (uncollected chunks), together +${mb(result.growth)} | ${ok ? 'met' : 'MISSED'} |`,
    ],
  };
}
