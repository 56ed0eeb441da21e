import { type RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectionTracker } from './connection-tracker';
import { defaultMaxConnections } from './open-files-limit';
import { sendProblem } from './problem-response';
import { MAX_HEADER_LINES, framingFault } from './request-framing';

/** Time limits of the server, in milliseconds. */
export interface ServerTimeouts {
  /** Until the request's headers are in: a slow-headers client (Slowloris) is cut off. Default 10 s. */
  readonly headersTimeout: number;
  /** Until the whole request is in, body included. Default 30 s. */
  readonly requestTimeout: number;
  /** How long an idle keep-alive connection is kept open. Default 5 s. */
  readonly keepAliveTimeout: number;
  /**
   * How long a response's bytes waiting to be written may make no progress (its client reads
   * nothing) before its connection is cut. Progress is seen write by write: one write of a body
   * is one step, so a client must take a whole write within this time. Default 30 s.
   */
  readonly writeTimeout: number;
  /** How long a shutdown waits for responses in flight before cutting the connections. Default 10 s. */
  readonly shutdownGrace: number;
}

/** The limits of {@link startServer}: its time limits, and how many connections it keeps open. */
export interface ServerLimits extends ServerTimeouts {
  /**
   * The most connections open at once. A connection beyond it first closes the one idle the
   * longest (a kept-alive connection, or one that has sent no request yet); when every connection
   * is delivering a response, the new one is closed at once. It must stay under the process's
   * file descriptor limit (`ulimit -n`), or the operating system refuses connections first, normal
   * clients' included: 1,000 by default, fewer when that limit leaves less room
   * (`maxConnectionsFor` in open-files-limit.ts).
   */
  readonly maxConnections: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  writeTimeout: 30_000,
  shutdownGrace: 10_000,
  maxConnections: defaultMaxConnections(),
};

/** A listening server. */
export interface RunningServer {
  readonly server: Server;
  /** `http://localhost:<port>`, with the port actually bound (PORT=0 picks a free one). */
  readonly url: string;
  /**
   * Stops accepting connections, lets the responses in flight be delivered (their connections
   * close after them), closes idle keep-alive connections, and resolves once every connection is
   * closed: `clean`, or `forced` when the grace period ran out with responses still being
   * delivered, and those were cut.
   */
  shutdown(): Promise<'clean' | 'forced'>;
}

/** How often a limit of `ms` is checked: a few times per limit, at most every second. */
function checkingInterval(ms: number): number {
  return Math.max(50, Math.min(1000, Math.floor(ms / 4)));
}

/**
 * An HTTP server whose idle connections are those delivering nothing. Node's own count a
 * response as done once the handler called `end()`, while it may still hold megabytes for a slow
 * reader: its `close()` would cut those deliveries short and call the shutdown clean.
 */
class GracefulServer extends Server {
  readonly tracker = new ConnectionTracker();

  override closeIdleConnections(): void {
    this.tracker.closeKeptAlive();
  }
}

/** Starts an HTTP server for `listener` on `port` (and `host`, every interface by default). */
export function startServer(listener: RequestListener, port: number, host?: string, options: Partial<ServerLimits> = {}): Promise<RunningServer> {
  const limits = { ...DEFAULT_LIMITS, ...options };
  let closing = false;

  // Node checks the headers and request timeouts only every `connectionsCheckingInterval` (30 s by
  // default), so a slow request could live twice its limit: check a few times per limit instead.
  const connectionsCheckingInterval = checkingInterval(Math.min(limits.headersTimeout, limits.requestTimeout));
  const server: GracefulServer = new GracefulServer({ connectionsCheckingInterval }, (req, res) => {
    if (closing) res.setHeader('Connection', 'close');
    server.tracker.delivers(req.socket, res);
    // After `finish` the connection turns idle on a later tick.
    res.once('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections());
    });
    const fault = framingFault(req.httpVersion, req.rawHeaders.length / 2, req.headers);
    if (fault === undefined) return listener(req, res);
    res.setHeader('Connection', 'close');
    sendProblem(res, fault, req.url ?? '/');
  });
  server.headersTimeout = limits.headersTimeout;
  server.requestTimeout = limits.requestTimeout;
  server.keepAliveTimeout = limits.keepAliveTimeout;
  // Node keeps the first 1,000 header lines and drops the rest unseen: one more lets framingFault count past the limit.
  server.maxHeadersCount = MAX_HEADER_LINES + 1;
  // Past the limit node closes a new connection before it is read; making room first is ours.
  server.maxConnections = limits.maxConnections;
  server.on('connection', (socket) => {
    server.tracker.opened(socket);
    // Keep a place free: at the limit, the next connection would be closed before anyone saw it.
    if (server.tracker.size >= limits.maxConnections) server.tracker.closeLongestIdle(socket);
  });

  // A client that stops reading holds its socket and what is left of its answer for as long as it likes.
  const stalls = setInterval(() => server.tracker.cutStalled(performance.now(), limits.writeTimeout), checkingInterval(limits.writeTimeout));
  stalls.unref();
  server.once('close', () => clearInterval(stalls));

  let stopping: Promise<'clean' | 'forced'> | undefined;
  const shutdown = (): Promise<'clean' | 'forced'> => {
    stopping ??= new Promise((resolve) => {
      closing = true;
      for (const res of server.tracker.responses) if (!res.headersSent) res.setHeader('Connection', 'close');
      const deadline = setTimeout(() => {
        // Connections that never sent a request lose nothing: only a cut response makes it forced.
        const cut = server.tracker.responses.size > 0;
        server.closeAllConnections();
        resolve(cut ? 'forced' : 'clean');
      }, limits.shutdownGrace);
      deadline.unref();
      // Closes the idle keep-alive connections too (GracefulServer's closeIdleConnections).
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
