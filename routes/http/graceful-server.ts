import { type RequestListener, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Time limits of the server, in milliseconds. */
export interface ServerTimeouts {
  /** Until the request's headers are in: a slow-headers client (Slowloris) is cut off. Default 10 s. */
  readonly headersTimeout: number;
  /** Until the whole request is in, body included. Default 30 s. */
  readonly requestTimeout: number;
  /** How long an idle keep-alive connection is kept open. Default 5 s. */
  readonly keepAliveTimeout: number;
  /** How long a shutdown waits for requests in flight before cutting the connections. Default 10 s. */
  readonly shutdownGrace: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  shutdownGrace: 10_000,
};

/** A listening server. */
export interface RunningServer {
  readonly server: Server;
  /** `http://localhost:<port>`, with the port actually bound (PORT=0 picks a free one). */
  readonly url: string;
  /**
   * Stops accepting connections, lets the requests in flight finish (their connections close after
   * the response), closes idle keep-alive connections, and resolves once every connection is
   * closed: `clean`, or `forced` when the grace period ran out first and the rest were cut.
   */
  shutdown(): Promise<'clean' | 'forced'>;
}

/** Starts an HTTP server for `listener` on `port` (and `host`, every interface by default). */
export function startServer(listener: RequestListener, port: number, host?: string, timeouts: Partial<ServerTimeouts> = {}): Promise<RunningServer> {
  const limits = { ...DEFAULT_TIMEOUTS, ...timeouts };
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  let server: Server;

  const closeIdleSoon = (): void => {
    // After `finish` the connection turns idle on a later tick.
    setImmediate(() => server.closeIdleConnections());
  };

  // Node checks the headers and request timeouts only every `connectionsCheckingInterval` (30 s by
  // default), so a slow request could live twice its limit: check a few times per limit instead.
  const connectionsCheckingInterval = Math.max(50, Math.min(1000, Math.floor(Math.min(limits.headersTimeout, limits.requestTimeout) / 4)));
  server = createServer({ connectionsCheckingInterval }, (req, res) => {
    if (closing) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    res.once('finish', () => {
      if (closing) closeIdleSoon();
    });
    listener(req, res);
  });
  server.headersTimeout = limits.headersTimeout;
  server.requestTimeout = limits.requestTimeout;
  server.keepAliveTimeout = limits.keepAliveTimeout;

  let stopping: Promise<'clean' | 'forced'> | undefined;
  const shutdown = (): Promise<'clean' | 'forced'> => {
    stopping ??= new Promise((resolve) => {
      closing = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const deadline = setTimeout(() => {
        server.closeAllConnections();
        resolve('forced');
      }, limits.shutdownGrace);
      deadline.unref();
      // Node 19 and later close the idle keep-alive connections here too.
      server.close(() => {
        clearTimeout(deadline);
        resolve('clean');
      });
    });
    return stopping;
  };

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: bound } = server.address() as AddressInfo;
      resolve({ server, url: `http://localhost:${bound}`, shutdown });
    });
  });
}
