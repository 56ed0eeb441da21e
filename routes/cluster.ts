/**
 * `npm run start:cluster`: the service as node:cluster workers on one port, `WORKERS` of them
 * (`os.availableParallelism()` by default), each the process `npm start` runs (routes/server.ts,
 * with the same variables). With `REDIS_URL` they share one cache: a response one worker stored is
 * a hit on the others, and a write through any worker invalidates it in all of them. A worker that
 * dies is replaced (unless it died starting: then all stop, exit 1); SIGTERM or SIGINT stops every worker (each lets its requests in flight finish)
 * and exits 0 when all of them exited 0, 1 otherwise.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';

/** How many workers `WORKERS` asks for: a positive integer, or the processors available when unset or empty. */
export function workerCount(value: string | undefined): number {
  if (value === undefined || value === '') return availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`WORKERS must be a positive integer, got '${value}'`);
  return count;
}

function primary(): void {
  const count = workerCount(process.env.WORKERS);
  let stopping = false;
  let failed = false;
  console.log(`represent cluster: ${count} workers`);
  const listening = new Set<number>();
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on('listening', (worker: Worker) => listening.add(worker.id));
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (code !== 0) failed = true;
    // One that could not start (a refused PORT, ORIGIN or REDIS_URL) would fail again: all stop.
    if (!listening.has(worker.id)) stop('SIGTERM');
    if (!stopping) {
      console.error(`represent cluster: worker ${worker.id} exited (${signal ?? code}); starting another`);
      cluster.fork();
      return;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  });
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    // A terminal's Ctrl-C reaches the workers too; a second signal to a stopping worker does nothing.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (cluster.isPrimary) primary();
else require('./server');
