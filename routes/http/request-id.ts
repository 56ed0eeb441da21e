import { randomUUID } from 'node:crypto';
import { hooks } from '../../src';
import { traceIdOf } from '../../src/entries/otel';

/** The request id's header, taken from the client when it sends a usable one, and sent back on every answer. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * What a request id a client sends may be: 1 to 128 characters among letters, digits and
 * `- _ . : + / =` (a UUID, a base64 token, a trace id). Anything else (a list, as two headers
 * joined by node make it, spaces, quotes, an id long enough to bloat every log line) is ignored.
 */
const USABLE = /^[A-Za-z0-9\-_.:+/=]{1,128}$/;

/** The client's request id when it is usable (see {@link USABLE}); `undefined` when it must be generated. */
export function usableRequestId(sent: string | string[] | undefined): string | undefined {
  return typeof sent === 'string' && USABLE.test(sent) ? sent : undefined;
}

/**
 * The request id as a router hook: on arrival, the client's `X-Request-Id` when usable, else the
 * request's trace id when it is traced (one id finds both its log lines and its spans), else a
 * new UUID, kept in `ctx.state.requestId` (for the access log) and set on the response at once, so
 * that every answer carries it: the router's, and a stored one the shared cache answers with
 * (the cache keeps the fields set before it answers, over the stored response's).
 */
export const requestId = hooks<{ requestId: string }>({
  onRequest(ctx) {
    const id = usableRequestId(ctx.headers['x-request-id']) ?? traceIdOf(ctx.res) ?? randomUUID();
    ctx.set('requestId', id);
    ctx.res.setHeader(REQUEST_ID_HEADER, id);
  },
});
