import { createClient } from 'redis';
import type { Logger } from 'pino';
import type { ChangeSignal } from '../user-event-feed';

/** The Redis pub/sub channel instances tell each other of their writes on. */
export const CHANGE_CHANNEL = 'represent:user-changes';

/** A {@link ChangeSignal} on Redis, with the connections to close on shutdown. */
export interface RedisChangeSignal extends ChangeSignal {
  close(): Promise<void>;
}

/**
 * The instances' "changes were made" on Redis pub/sub (`REDIS_URL`), for a database that cannot
 * tell them itself (SQLite: every process on one file). Only a wake-up: the changes and their ids
 * are in the database, so a message lost while Redis is down makes a change late (the feeds poll),
 * never missed or misnumbered. Redis down never fails a write: the failure is logged once.
 */
export function redisChangeSignal(url: string, logger: Pick<Logger, 'warn'>): RedisChangeSignal {
  const publisher = createClient({ url, disableOfflineQueue: true });
  const subscriber = publisher.duplicate();
  let warned = false;
  const warn = (error: unknown): void => {
    if (warned) return;
    warned = true;
    logger.warn({ err: error }, 'Redis is unavailable: the instances learn of each other\'s writes by polling');
  };
  for (const client of [publisher, subscriber]) {
    client.on('error', warn);
    client.on('ready', () => (warned = false));
  }
  const listeners = new Set<() => void>();
  // Not awaited: a start while Redis is down goes on (node-redis connects, and subscribes again, when it is back).
  void publisher.connect().catch(warn);
  void subscriber
    .connect()
    .then(() =>
      subscriber.subscribe(CHANGE_CHANNEL, () => {
        for (const listener of listeners) listener();
      }),
    )
    .catch(warn);
  return {
    send: () => {
      if (publisher.isReady) void publisher.publish(CHANGE_CHANNEL, '1').catch(warn);
    },
    receive: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      publisher.destroy();
      subscriber.destroy();
    },
  };
}
