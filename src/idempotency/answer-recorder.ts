import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RecordedAnswer } from './idempotency-store';

/**
 * Fields not replayed: those of the connection (RFC 9110 section 7.6.1), the body's framing (the
 * replay frames the body it sends itself) and cookies, which a replay must not hand out again.
 */
const NOT_REPLAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'set-cookie']);

/**
 * Watches a response as it is written (whoever writes it: the route's writers, the problem writer,
 * a time limit, a handler writing `ctx.res` itself) and, before it ends, hands `settle` the answer:
 * its status, header lines and body, or `undefined` when the body passed `maxBytes` or the
 * response was never ended (the client left). The response ends once `settle` is done, so that a
 * retry sent as soon as the answer arrives finds it stored.
 */
export function recordAnswer(res: ServerResponse, maxBytes: number, settle: (answer: RecordedAnswer | undefined) => Promise<unknown>): void {
  const { writeHead, write, end } = res;
  let head: { status: number; headers: string[] } | undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const keep = (chunk: unknown, encoding: unknown): void => {
    if (size > maxBytes || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > maxBytes) chunks.length = 0;
    else chunks.push(bytes);
  };
  res.writeHead = function recordedWriteHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    head ??= { status, headers: headerLines(res.getHeaders(), rest.find((arg) => typeof arg === 'object' && arg !== null)) };
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse['writeHead'];
  res.write = function recordedWrite(this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    keep(chunk, encoding);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback);
  } as ServerResponse['write'];
  res.end = function recordedEnd(this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (settled) return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
    settled = true;
    keep(chunk, encoding);
    // A head not written yet is written by `end`, from what was set on the response.
    const { status, headers } = head ?? { status: res.statusCode, headers: headerLines(res.getHeaders(), undefined) };
    const answer = size > maxBytes ? undefined : { status, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) };
    const finish = (): void => void (end as (...args: unknown[]) => ServerResponse).call(this, chunk, encoding, callback);
    settle(answer).then(finish, finish);
    return this;
  } as ServerResponse['end'];
  res.once('close', () => {
    if (settled) return;
    settled = true;
    void settle(undefined).catch(() => undefined);
  });
}

/** The header lines of a head: those set on the response, then those given to `writeHead` (which replace them by name), less {@link NOT_REPLAYED}. */
function headerLines(set: OutgoingHttpHeaders, given: unknown): string[] {
  const fields = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, name: string, value: unknown): void => {
    if (value === undefined) return;
    const lines = map.get(name.toLowerCase()) ?? [];
    for (const line of Array.isArray(value) ? value : [value]) lines.push(String(line));
    map.set(name.toLowerCase(), lines);
  };
  for (const name in set) add(fields, name, set[name]);
  const replacing = new Map<string, string[]>();
  if (Array.isArray(given)) {
    if (given.length > 0 && Array.isArray(given[0])) for (const [name, value] of given as [string, unknown][]) add(replacing, name, value);
    else for (let i = 0; i + 1 < given.length; i += 2) add(replacing, String(given[i]), given[i + 1]);
  } else if (given !== undefined) {
    for (const [name, value] of Object.entries(given as Record<string, unknown>)) add(replacing, name, value);
  }
  for (const [name, lines] of replacing) fields.set(name, lines);
  const lines: string[] = [];
  for (const [name, values] of fields) if (!NOT_REPLAYED.has(name)) for (const value of values) lines.push(name, value);
  return lines;
}

/** Writes a recorded answer again, as it was: status, header lines and body. */
export function replayAnswer(res: ServerResponse, answer: RecordedAnswer): void {
  if (res.headersSent) return;
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  const headers: Record<string, string | string[]> = {};
  for (let i = 0; i + 1 < answer.headers.length; i += 2) {
    const name = answer.headers[i]!;
    const value = answer.headers[i + 1]!;
    const held = headers[name];
    headers[name] = held === undefined ? value : [...(Array.isArray(held) ? held : [held]), value];
  }
  const body = Buffer.from(answer.body);
  if (answer.status !== 204 && answer.status !== 304) headers['content-length'] = String(body.length);
  res.writeHead(answer.status, headers);
  res.end(res.req.method === 'HEAD' || body.length === 0 ? undefined : body);
}
