/**
 * `npm start`: the illustrative service on http://localhost:8080 (`PORT` overrides, `0` picks a free
 * port; `HOST` binds one interface; `CACHE=off` removes the shared cache; `ORIGIN` names the
 * service's origin behind a proxy, `https://api.example.com`, for cache keys and links instead of
 * each request's Host, and is refused, exit 1, when it is not an http or https origin; `REDIS_URL`
 * puts the shared cache, and POST /users's Idempotency-Keys, on Redis, shared with every other instance; `PURGE_URLS` names the caches in
 * front, Varnish say, purged after every successful write). Prints the URL and the
 * route table, serves until SIGTERM or SIGINT, then stops accepting connections, ends the event
 * streams (GET /users/events: a retry: hint, and the client reconnects), lets the requests
 * in flight finish and exits 0 (1 if it had to cut requests that outlived the grace period).
 * The data lives in SQLite, `./data/represent.sqlite` (`DATA_DIR` names another folder; created and
 * seeded on first start), or in PostgreSQL when `DATABASE_URL` is set. Writes need the bearer token
 * of an admin account: `ADMIN_TOKEN` (and `USER_TOKEN` for a read-only account), the published
 * development tokens when unset, which `NODE_ENV=production` refuses (exit 1). Traces and metrics
 * go over OTLP when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (routes/README.md, "Traces and metrics").
 */
// First: OpenTelemetry, when an OTLP endpoint is set, patches node's http before Express loads it.
import { telemetry } from './http/started-telemetry';
import { createApp } from './app';
import { serviceAccounts } from './auth/accounts';
import { startServer } from './http/graceful-server';
import { redisCacheStore } from './http/redis-cache-store';
import { RedisIdempotencyStore } from '../src/entries/cache';
import { redisChangeSignal } from './http/redis-change-signal';
import { createLogger } from './http/request-logger';
import { describeLocation, openStore, storeLocation } from './store/open-store';

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got '${process.env.PORT}'`);
  const cacheOn = process.env.CACHE !== 'off';
  // Empty is unset: `ORIGIN= npm start` keys by Host.
  const origin = process.env.ORIGIN === '' ? undefined : process.env.ORIGIN;
  // Before anything opens: a missing or unusable token stops the start (exit 1).
  const accounts = serviceAccounts();
  const logger = createLogger();
  const location = storeLocation(process.env);
  const store = await openStore(location, { logger });
  const redisUrl = process.env.REDIS_URL === '' ? undefined : process.env.REDIS_URL;
  const redis = cacheOn && redisUrl !== undefined ? redisCacheStore(redisUrl, logger) : undefined;
  // Instances on one SQLite file learn of each other's writes through Redis; PostgreSQL tells them itself (NOTIFY).
  const changeSignal = redisUrl !== undefined && location.engine === 'sqlite' ? redisChangeSignal(redisUrl, logger) : undefined;
  // Every instance sees the keys the others claimed: a retry through another instance is replayed, not processed again.
  const idempotencyStore = redisUrl === undefined ? undefined : new RedisIdempotencyStore({ url: redisUrl });
  // Space- or comma-separated; each an http or https URL, or the start stops (exit 1).
  const purgeUrls = (process.env.PURGE_URLS ?? '').split(/[\s,]+/).filter((url) => url !== '');
  const { app, routeTable, purger, closeEventStreams } = createApp({ cache: cacheOn, origin, logger, cacheStore: redis?.store, store, purgeUrls, accounts, changeSignal, idempotencyStore });
  const running = await startServer(app, port, process.env.HOST);
  const named = `${redis === undefined ? '' : `, on Redis at ${redis.server}`}${origin === undefined ? '' : `, origin ${origin}`}${purgeUrls.length === 0 ? '' : `, purging ${purgeUrls.join(' ')}`}`;
  console.log(`represent illustrative service on ${running.url} (shared cache ${cacheOn ? 'on' : 'off'}${named})\n\n${routeTable}\n\nData in ${describeLocation(location)}\n`);

  // npm passes SIGINT on as well as the terminal: a second signal must not start a second shutdown.
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // An event stream never ends by itself: each is told to reconnect (elsewhere) and ended, or
    // the graceful close would wait for them until its grace period and cut them (exit 1).
    void closeEventStreams();
    void running.shutdown().then(async (outcome) => {
      await redis?.close();
      await changeSignal?.close();
      await idempotencyStore?.close();
      await purger?.close();
      await telemetry?.shutdown().catch((error: unknown) => logger.error({ err: error }, 'exporting the last telemetry failed'));
      await store.close().catch((error: unknown) => logger.error({ err: error }, 'closing the store failed'));
      logger.info({ outcome }, 'stopped');
      logger.flush();
      process.exit(outcome === 'clean' ? 0 : 1);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
