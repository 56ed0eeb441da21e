/**
 * What one open event stream costs the service: `npx tsx bench/event-stream-memory.ts [count]`
 * (500 by default). The service (routes/app.ts on routes/http/graceful-server.ts, as `npm start`
 * serves it, its stream caps raised past `count`) runs in a child process, so that the clients'
 * sockets are not counted; `count` idle GET /users/events streams are opened on raw connections
 * that read nothing past the head, and the child's memory after a full garbage collection is
 * compared with its memory before them. Prints the growth per stream: the JS heap (`heapUsed`, the
 * response, the exchange, the generator and its subscription), the memory outside it (`external`:
 * socket buffers), and the resident set (RSS, what the operating system counts, kernel buffers
 * excluded).
 */
import { fork } from 'node:child_process';
import { type Socket, connect } from 'node:net';
import { createApp } from '../routes/app';
import { startServer } from '../routes/http/graceful-server';
import { createMemoryStore } from '../routes/store/memory-store';

interface Usage {
  readonly heapUsed: number;
  readonly external: number;
  readonly rss: number;
}

async function serve(): Promise<void> {
  const streams = { maxStreams: Infinity, maxStreamsPerRoute: Infinity, maxStreamsPerClient: Infinity };
  const service = createApp({ cache: false, store: createMemoryStore(), eventStreams: streams });
  const running = await startServer(service.app, 0, '127.0.0.1', { maxConnections: 100_000 });
  process.on('message', (message) => {
    if (message === 'stop') return void running.shutdown().then(() => process.exit(0));
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, external, rss } = process.memoryUsage();
    process.send!({ heapUsed, external, rss });
  });
  process.send!({ port: Number(new URL(running.url).port) });
}

/** Opens a stream on a raw connection and resolves once its head came; the socket reads nothing more. */
function idleStream(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('data', (chunk: Buffer) => {
      if (!chunk.toString('latin1').startsWith('HTTP/1.1 200')) reject(new Error(chunk.toString('latin1')));
      socket.pause();
      resolve(socket);
    });
    socket.on('error', reject);
    socket.write('GET /users/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n');
  });
}

async function measure(count: number): Promise<void> {
  const child = fork(__filename, ['--serve'], { execArgv: ['--expose-gc', '--import', 'tsx'], env: { ...process.env, NODE_ENV: 'test' } });
  const next = (): Promise<unknown> => new Promise((resolve) => child.once('message', resolve));
  const { port } = (await next()) as { port: number };
  const usage = async (): Promise<Usage> => {
    child.send('measure');
    return (await next()) as Usage;
  };
  // Warm up: the route's code and the first stream's one-off allocations are not a stream's cost.
  const warm = await Promise.all(Array.from({ length: 20 }, () => idleStream(port)));
  for (const socket of warm) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = await usage();
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => idleStream(port)))));
  const after = await usage();
  const per = (key: keyof Usage): string => `${((after[key] - before[key]) / count / 1024).toFixed(1)} KiB`;
  console.log(`${count} open event streams, growth per stream: heap ${per('heapUsed')}, external ${per('external')}, RSS ${per('rss')}`);
  for (const socket of sockets) socket.destroy();
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

if (process.argv.includes('--serve')) void serve();
else void measure(Number(process.argv[2] ?? 500));
