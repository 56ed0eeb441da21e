/**
 * Runs one benchmark server (`bench/servers.ts`) in its own process, listening on 127.0.0.1 on a
 * free port. Started by the harness with an IPC channel, it reports its port, then answers:
 *
 * - `usage`: its CPU time so far (`process.cpuUsage()`) and the requests it has seen;
 * - `probe-start` / `probe-stop`: the peak of live memory (heap and external, after a full GC)
 *   above the level before each request, sampled at every turn of the event loop while a request
 *   is in flight and wherever a handler calls the probe (needs `--expose-gc`).
 */
import type { Server } from 'node:http';
import { SERVERS } from './servers';

export type ServerMessage =
  | { readonly kind: 'listening'; readonly port: number }
  | { readonly kind: 'usage'; readonly cpuMicros: number; readonly requests: number }
  | { readonly kind: 'probing' }
  | { readonly kind: 'probe'; readonly peakBytes: number; readonly requests: number };

export type HarnessMessage = { readonly kind: 'usage' | 'probe-start' | 'probe-stop' };

const name = process.argv[2] ?? '';
const factory = SERVERS[name];
if (factory === undefined) {
  console.error(`Unknown server '${name}'; known: ${Object.keys(SERVERS).join(', ')}`);
  process.exit(2);
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

const gc = (globalThis as { gc?: () => void }).gc;
const live = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};

let requests = 0;
let probing = false;
let probeBase = 0;
let probePeak = 0;
let probeRequests = 0;

function sample(): void {
  if (!probing || gc === undefined) return;
  gc();
  probePeak = Math.max(probePeak, live() - probeBase);
}

function watch(server: Server): void {
  server.prependListener('request', (_req, res) => {
    requests++;
    if (!probing || gc === undefined) return;
    probeRequests++;
    gc();
    probeBase = live();
    let done = false;
    res.once('finish', () => {
      sample();
      done = true;
    });
    const tick = (): void => {
      if (done) return;
      sample();
      setImmediate(tick);
    };
    setImmediate(tick);
  });
}

async function main(): Promise<void> {
  (globalThis as { __benchSample?: () => void }).__benchSample = sample;
  const server = await factory!();
  watch(server);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.on('message', (message: HarnessMessage) => {
    if (message.kind === 'usage') {
      const cpu = process.cpuUsage();
      send({ kind: 'usage', cpuMicros: cpu.user + cpu.system, requests });
    } else if (message.kind === 'probe-start') {
      probing = true;
      probePeak = 0;
      probeRequests = 0;
      send({ kind: 'probing' });
    } else {
      probing = false;
      send({ kind: 'probe', peakBytes: probePeak, requests: probeRequests });
    }
  });
  process.on('disconnect', () => process.exit(0));
  // Exit normally on SIGTERM, so that `--cpu-prof` writes its profile.
  process.on('SIGTERM', () => process.exit(0));
  send({ kind: 'listening', port: address.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
