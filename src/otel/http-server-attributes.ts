import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * The attributes of an HTTP server span and of `http.server.request.duration`, as OpenTelemetry's
 * stable semantic conventions for HTTP name them (semantic conventions 1.23 and later).
 */
export const HttpAttribute = {
  requestMethod: 'http.request.method',
  requestMethodOriginal: 'http.request.method_original',
  responseStatusCode: 'http.response.status_code',
  route: 'http.route',
  urlScheme: 'url.scheme',
  urlPath: 'url.path',
  urlQuery: 'url.query',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  clientAddress: 'client.address',
  protocolVersion: 'network.protocol.version',
  userAgent: 'user_agent.original',
  errorType: 'error.type',
  /** `http.response.header.<key>`: the Cache-Status field the shared cache sent, as a list of its lines. */
  cacheStatusHeader: 'http.response.header.cache-status',
} as const;

/** What this library adds: how the shared cache answered (`hit`, `miss`, `revalidated`, `stale`). */
export const CACHE_OUTCOME_ATTRIBUTE = 'represent.cache.outcome';

/** The methods the conventions name as they are; any other is `_OTHER` (RFC 9110 section 9 and RFC 5789). */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/** `http.request.method`: the method when it is a known one, else `_OTHER` (a method is case-sensitive: `get` is another method). */
export function requestMethod(method: string): string {
  return KNOWN_METHODS.has(method) ? method : '_OTHER';
}

/**
 * A server span's name: `{method} {http.route}`, or the method alone without a route; `HTTP`
 * for a method that is not a known one, so that no client can raise the names' cardinality.
 */
export function serverSpanName(method: string, route: string | undefined): string {
  const named = KNOWN_METHODS.has(method) ? method : 'HTTP';
  return route === undefined ? named : `${named} ${route}`;
}

/**
 * `server.address` and `server.port` from the Host field (RFC 9110 section 7.2): a name or an
 * IPv4 address, or an IPv6 address without its brackets; the port when it is given.
 */
export function serverAuthority(host: string | undefined): { address: string; port?: number } | undefined {
  if (host === undefined || host === '') return undefined;
  const bracket = host.startsWith('[') ? host.indexOf(']') : -1;
  if (host.startsWith('[') && bracket < 0) return undefined;
  const address = bracket > 0 ? host.slice(1, bracket) : host.split(':')[0]!;
  const rest = bracket > 0 ? host.slice(bracket + 1) : host.slice(address.length);
  if (address === '') return undefined;
  if (!rest.startsWith(':')) return { address };
  const port = Number(rest.slice(1));
  return Number.isInteger(port) && port > 0 && port < 65536 ? { address, port } : { address };
}

/** Whether an answer with `status` is an error of the server's: a span's status is Error for 5xx only (4xx are the client's). */
export function isServerError(status: number): boolean {
  return status >= 500;
}

/** `url.scheme` of a request: `https` over TLS, `http` otherwise. */
export function urlScheme(req: IncomingMessage): 'http' | 'https' {
  return (req.socket as Partial<TLSSocket> | null)?.encrypted === true ? 'https' : 'http';
}

/** The attributes of a server span known when the request arrives, before any route is selected. */
export function requestAttributes(req: IncomingMessage): Record<string, string | number> {
  const method = req.method ?? 'GET';
  const attributes: Record<string, string | number> = {
    [HttpAttribute.requestMethod]: requestMethod(method),
    [HttpAttribute.urlScheme]: urlScheme(req),
  };
  if (!KNOWN_METHODS.has(method)) attributes[HttpAttribute.requestMethodOriginal] = method;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  attributes[HttpAttribute.urlPath] = query < 0 ? url : url.slice(0, query);
  if (query >= 0) attributes[HttpAttribute.urlQuery] = url.slice(query + 1);
  const authority = serverAuthority(req.headers.host);
  if (authority !== undefined) {
    attributes[HttpAttribute.serverAddress] = authority.address;
    if (authority.port !== undefined) attributes[HttpAttribute.serverPort] = authority.port;
  }
  if (req.socket?.remoteAddress !== undefined) attributes[HttpAttribute.clientAddress] = req.socket.remoteAddress;
  attributes[HttpAttribute.protocolVersion] = req.httpVersion;
  const agent = req.headers['user-agent'];
  if (agent !== undefined) attributes[HttpAttribute.userAgent] = agent;
  return attributes;
}
