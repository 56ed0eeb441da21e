import http from 'node:http';
import { type AddressInfo, connect } from 'node:net';

/** What came back on a raw connection: the status (0 when nothing did), the head, the body. */
export interface RawAnswer {
  readonly status: number;
  readonly head: string;
  readonly body: string;
  /** Whether the server closed the connection (rather than the wait running out). */
  readonly closed: boolean;
}

/**
 * Sends bytes on a fresh TCP connection and collects what comes back until the server closes it
 * or `waitMs` passes. For what supertest cannot send: wrong Content-Lengths, cut-off chunked
 * bodies, raw control bytes in the request line. `halfClose` ends the writing side after the
 * bytes (a client that stopped sending); otherwise the connection stays open for the answer.
 * `signal` stops the wait early, with what came back so far.
 */
export function rawRequest(port: number, parts: readonly (string | Buffer)[], options: { halfClose?: boolean; waitMs?: number; signal?: AbortSignal } = {}): Promise<RawAnswer> {
  const waitMs = options.waitMs ?? 3000;
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let closed = false;
    const finish = (): void => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', finish);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, head, body: split === -1 ? '' : text.slice(split + 4), closed });
    };
    const timer = setTimeout(finish, waitMs);
    options.signal?.addEventListener('abort', finish, { once: true });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer is how a server refuses the rest of a request: keep the answer.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('connect', () => {
      for (const part of parts) socket.write(part);
      if (options.halfClose === true) socket.end();
    });
  });
}

/** A request head with CRLF line ends; `Connection: close` so the server closes after answering. */
export function head(requestLine: string, headers: Readonly<Record<string, string | number>> = {}): string {
  const lines = [requestLine, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Serves `listener` on 127.0.0.1 for one {@link rawRequest}: sends `text` as it is (so nothing
 * normalises a malformed or pipelined request), ends the writing side, and answers what came back.
 * `serverOptions` go to `http.createServer` (`requireHostHeader: false`, say, for node to let a
 * request without Host through to the listener).
 */
export async function rawExchange(listener: http.RequestListener, text: string, serverOptions: http.ServerOptions = {}): Promise<RawAnswer> {
  const server = http.createServer(serverOptions, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await rawRequest((server.address() as AddressInfo).port, [text], { halfClose: true });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
