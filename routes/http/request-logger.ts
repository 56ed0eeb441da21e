import cluster from 'node:cluster';
import pino, { type Logger } from 'pino';

/**
 * The service's logger: JSON lines on stdout, `info` by default, `LOG_LEVEL` to change it, and
 * silent under `NODE_ENV=test` so that test output stays readable. In a worker of `npm run
 * start:cluster` each line names the worker (`"worker":2`).
 */
export function createLogger(env: NodeJS.ProcessEnv = process.env): Logger {
  const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
  return pino({ level, base: cluster.isWorker ? { worker: cluster.worker!.id } : undefined });
}
