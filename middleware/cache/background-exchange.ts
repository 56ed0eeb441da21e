import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';

/** Marks the requests the cache makes itself, which it lets through when they pass it again. */
const BACKGROUND = Symbol('represent.cache.background');

/** Fields of the client's request the cache's own request does not carry: its conditionals and range, its cache directives. */
const CLIENT_ONLY = new Set(['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since', 'if-range', 'range', 'cache-control', 'pragma', 'content-length', 'transfer-encoding']);

/** Whether the cache made this request itself (a background revalidation). */
export function isBackground(req: IncomingMessage): boolean {
  return (req as IncomingMessage & { [BACKGROUND]?: true })[BACKGROUND] === true;
}

/**
 * A GET the cache sends on its own, for `target`, with the client's selecting fields (Accept,
 * Host, ...) so that the handler answers the same variant, and a response that goes nowhere: the
 * cache watches what the handler writes to it, as for a client's request, and the bytes are
 * dropped. The connection is a sink that stands in for the client's (its scheme and local address
 * are the client's connection's, for the request's origin).
 */
export function backgroundExchange(from: IncomingMessage, target: string): { req: IncomingMessage; res: ServerResponse } {
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const connection = from.socket as (Socket & { encrypted?: boolean }) | null;
  Object.assign(sink, {
    encrypted: connection?.encrypted,
    localAddress: connection?.localAddress,
    localPort: connection?.localPort,
    remoteAddress: connection?.localAddress,
    setTimeout: () => sink,
    setNoDelay: () => sink,
    setKeepAlive: () => sink,
  });
  const req = new IncomingMessage(sink as unknown as Socket);
  req.method = 'GET';
  req.url = target;
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  const rawHeaders: string[] = [];
  for (let i = 0; i < from.rawHeaders.length; i += 2) {
    const name = from.rawHeaders[i]!;
    if (!CLIENT_ONLY.has(name.toLowerCase())) rawHeaders.push(name, from.rawHeaders[i + 1]!);
  }
  req.rawHeaders = rawHeaders;
  req.headers = {};
  for (const [name, value] of Object.entries(from.headers)) if (!CLIENT_ONLY.has(name)) req.headers[name] = value;
  req.complete = true;
  req.push(null);
  (req as IncomingMessage & { [BACKGROUND]?: true })[BACKGROUND] = true;
  const res = new ServerResponse(req);
  res.assignSocket(sink as unknown as Socket);
  return { req, res };
}
