/**
 * `npx tsx bench/in-process.ts <server> [requests] [root]`: the CPU a benchmark server's request
 * listener costs per request without a socket: node's own `IncomingMessage` and `ServerResponse`
 * on a stream that discards what is written (as a socket takes strings, without encoding them
 * first), so that only the router's and node's object work is measured, not the kernel's loopback
 * or the client's. Five rounds of `requests` after a warm-up; compare the lowest of each side,
 * alternating runs (another commit's tree as `root`, its `node_modules` linked). Environment:
 * `HEADERS` (JSON) adds request headers (`{"if-none-match":"\"7;json\""}` for the 304 of the
 * conditional case), `URL_PATH` changes the path. `NODE_ENV` is `production` unless set, as in the bench.
 */
import { IncomingMessage, type Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { Duplex } from 'node:stream';

process.env.NODE_ENV ??= 'production';

const [name = 'dsl-wrap', requests = '50000', root = path.join(__dirname, '..')] = process.argv.slice(2);
const HEAD: Record<string, string> = {
  host: '127.0.0.1:3000',
  'x-client': 'bench',
  accept: 'application/json',
  authorization: 'Bearer bench-token',
  connection: 'keep-alive',
  ...(JSON.parse(process.env.HEADERS ?? '{}') as Record<string, string>),
};
const URL_PATH = process.env.URL_PATH ?? '/items/42?verbose=false';

/** A connection that takes every write at once and keeps nothing. */
const socket = new Duplex({
  decodeStrings: false,
  read() {},
  write(_chunk, _encoding, done) {
    done();
  },
  writev(_chunks, done) {
    done();
  },
});

function once(listener: (req: IncomingMessage, res: ServerResponse) => void): void {
  const req = new IncomingMessage(socket as never);
  req.method = 'GET';
  req.url = URL_PATH;
  req.headers = { ...HEAD };
  req.rawHeaders = Object.entries(HEAD).flat();
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  req.complete = true;
  req.push(null);
  const res = new ServerResponse(req);
  res.assignSocket(socket as never);
  listener(req, res);
  res.detachSocket(socket as never);
}

async function run(listener: (req: IncomingMessage, res: ServerResponse) => void, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    once(listener);
    // Lets the responses' finish events and the timers of the turn run.
    if (i % 500 === 0) await new Promise(setImmediate);
  }
}

async function main(): Promise<void> {
  const { SERVERS } = require(path.join(root, 'bench', 'servers')) as typeof import('./servers');
  const factory = SERVERS[name];
  if (factory === undefined) throw new Error(`Unknown server '${name}'`);
  const server: Server = await factory();
  const listener = server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
  const count = Number(requests);
  await run(listener, 20_000);
  for (let round = 0; round < 5; round++) {
    const cpu = process.cpuUsage();
    await run(listener, count);
    const used = process.cpuUsage(cpu);
    console.log(`${name}: ${((used.user + used.system) / count).toFixed(2)} us of CPU per request`);
  }
  process.exit(0);
}

void main();
