/**
 * The illustrative service as `npm start` builds it (shared cache on, the graceful server), run by
 * `scripts/load-test.ts` in its own process on 127.0.0.1. Over its IPC channel it reports its port,
 * answers `memory` with its live memory after a full garbage collection (needs `--expose-gc`), and
 * on SIGTERM shuts down as `npm start` does: in-flight requests finish, then exit 0.
 */
import { createApp } from '../routes/app';
import { serviceAccounts } from '../routes/auth/accounts';
import { startServer } from '../routes/http/graceful-server';

export type LoadServiceMessage =
  | { readonly kind: 'listening'; readonly port: number }
  | { readonly kind: 'memory'; readonly heapUsed: number; readonly external: number; readonly rss: number; readonly users: number; readonly cacheBytes: number };

async function main(): Promise<void> {
  // The development accounts, whose admin token the load test's writes send (NODE_ENV=production refuses them by default).
  const { app, store, cache } = createApp({ cache: true, accounts: serviceAccounts({}) });
  const running = await startServer(app, 0, '127.0.0.1');
  const send = (message: LoadServiceMessage): void => void process.send?.(message);
  process.on('message', async (message: { kind?: string }) => {
    if (message.kind !== 'memory') return;
    (globalThis as { gc?: () => void }).gc?.();
    const { heapUsed, external, rss } = process.memoryUsage();
    const { users } = await store.users.list();
    const cacheBytes = (cache?.store as { bytes?: number } | undefined)?.bytes ?? 0;
    send({ kind: 'memory', heapUsed, external, rss, users: users.length, cacheBytes });
  });
  process.once('SIGTERM', () => {
    void running.shutdown().then((outcome) => process.exit(outcome === 'clean' ? 0 : 1));
  });
  send({ kind: 'listening', port: Number(new URL(running.url).port) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
