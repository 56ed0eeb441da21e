/**
 * Holds event streams open on a server, in a process of its own so that reading them costs the
 * server nothing but the writes (the fan-out variants of the hostile case, issue 33 item 10).
 * Forked by {@link subscribe} with an origin, a path and a count: opens that many streams, each on
 * its own connection, reads and drops what they send, and says `open` once every one answered 200.
 * It leaves when its streams have all ended (the server stopped) or its parent has gone, writing to
 * stderr how many chunks its streams read: about one per write and stream when every change reached
 * every subscriber (a stream dropped for falling behind would read no more).
 */
import { fork } from 'node:child_process';
import http from 'node:http';

type SubscriberMessage = { readonly kind: 'open' } | { readonly kind: 'failed'; readonly reason: string };

/** Forks this script, resolving once `count` streams of `path` are open on `origin`. */
export function subscribe(origin: string, path: string, count: number): Promise<void> {
  const child = fork(__filename, [origin, path, String(count)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (message: SubscriberMessage) => {
      if (message.kind === 'failed') return reject(new Error(`event subscribers: ${message.reason}`));
      // The child lives on after the harness stops waiting on it: neither keeps the other up.
      child.unref();
      child.channel?.unref();
      resolve();
    });
    child.once('exit', (code) => reject(new Error(`event subscribers exited with ${code}`)));
  });
}

function main(origin: string, path: string, count: number): void {
  let opened = 0;
  let open = 0;
  let events = 0;
  const ended = (): void => {
    // The server stops at the end of its case: what was read tells whether the changes reached every stream.
    if (--open === 0) {
      console.error(`event subscribers: ${count} streams read ${events} chunks`);
      process.exit(0);
    }
  };
  for (let i = 0; i < count; i++) {
    const req = http.get(`${origin}${path}`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        process.send?.({ kind: 'failed', reason: `stream ${i} answered ${res.statusCode}` } satisfies SubscriberMessage);
        process.exit(1);
      }
      open++;
      res.on('data', () => events++);
      res.once('close', ended);
      if (++opened === count) process.send?.({ kind: 'open' } satisfies SubscriberMessage);
    });
    req.once('error', (error) => {
      if (opened < count) {
        process.send?.({ kind: 'failed', reason: error.message } satisfies SubscriberMessage);
        process.exit(1);
      }
    });
  }
  process.on('disconnect', () => process.exit(0));
}

if (require.main === module) main(process.argv[2]!, process.argv[3]!, Number(process.argv[4]));
