import { STATUS_CODES, type RequestListener, type Server } from 'node:http';
import request from 'supertest';

/**
 * A ```http block: one or more exchanges, each a request (`GET /api/users/1 HTTP/1.1`, header
 * lines, a blank line and a body) followed by the response it gets (`HTTP/1.1 200 OK`, the header
 * lines to check, a blank line and the body to check). A response shows only what it promises:
 * every header shown must come back with that value, a JSON body shown must be contained in the
 * body that comes back (members not shown are not compared), any other body must come back as is.
 */
export interface Exchange {
  readonly method: string;
  readonly target: string;
  readonly requestHeaders: ReadonlyArray<readonly [string, string]>;
  readonly requestBody: string | undefined;
  readonly status: number;
  readonly reason: string;
  readonly responseHeaders: ReadonlyArray<readonly [string, string]>;
  readonly responseBody: string | undefined;
}

const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.1$/;
const STATUS_LINE = /^HTTP\/1\.1 (\d{3}) (.+)$/;

interface Message {
  readonly startLine: string;
  readonly headers: Array<[string, string]>;
  readonly body: string | undefined;
}

/** Splits a transcript into its messages: each starts at a request or status line. */
function messagesOf(text: string): Message[] {
  const messages: Message[] = [];
  let current: { startLine: string; headers: Array<[string, string]>; body: string[] | undefined } | undefined;
  const close = () => {
    if (current === undefined) return;
    const body = current.body?.join('\n').replace(/\n+$/, '');
    messages.push({ startLine: current.startLine, headers: current.headers, body: body === '' ? undefined : body });
  };
  for (const line of text.split('\n')) {
    if (REQUEST_LINE.test(line) || STATUS_LINE.test(line)) {
      close();
      current = { startLine: line, headers: [], body: undefined };
    } else if (current === undefined) {
      if (line.trim() !== '') throw new Error(`the transcript starts with '${line}', not a request line`);
    } else if (current.body !== undefined) current.body.push(line);
    else if (line.trim() === '') current.body = [];
    else {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error(`'${line}' is not a header line`);
      current.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  close();
  return messages;
}

/** The exchanges of a ```http block, each request followed by its response. */
export function parseTranscript(text: string): Exchange[] {
  const messages = messagesOf(text);
  const exchanges: Exchange[] = [];
  for (let i = 0; i < messages.length; i += 2) {
    const sent = messages[i]!;
    const got = messages[i + 1];
    const requestLine = REQUEST_LINE.exec(sent.startLine);
    const statusLine = got === undefined ? null : STATUS_LINE.exec(got.startLine);
    if (requestLine === null) throw new Error(`'${sent.startLine}' should be a request line`);
    if (got === undefined || statusLine === null) throw new Error(`${sent.startLine} is not followed by its response`);
    const status = Number(statusLine[1]);
    if (STATUS_CODES[status] !== statusLine[2]) throw new Error(`'${got.startLine}': the reason phrase of ${status} is '${STATUS_CODES[status]}'`);
    exchanges.push({
      method: requestLine[1]!,
      target: requestLine[2]!,
      requestHeaders: sent.headers,
      requestBody: sent.body,
      status,
      reason: statusLine[2]!,
      responseHeaders: got.headers,
      responseBody: got.body,
    });
  }
  if (exchanges.length === 0) throw new Error('the transcript has no exchange');
  return exchanges;
}

/** What came back for one exchange: its status, its headers (names lower case) and its body as text. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/**
 * Sends one exchange's request with supertest and answers what came back: to a listening server
 * (one port, so one Host, for a whole transcript: a cache keys by it) or to an app.
 */
export async function send(app: RequestListener | Server, exchange: Exchange): Promise<Answer> {
  const agent = request(app);
  const method = exchange.method.toLowerCase() as 'get';
  if (typeof agent[method] !== 'function') throw new Error(`supertest cannot send ${exchange.method}`);
  let test = agent[method](exchange.target);
  for (const [name, value] of exchange.requestHeaders) test = test.set(name, value);
  // Every body as text, whatever its type: the transcript compares what was written.
  test = test.buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => done(null, text));
  });
  const res = exchange.requestBody === undefined ? await test : await test.send(exchange.requestBody);
  return { status: res.status, headers: res.headers as Answer['headers'], text: typeof res.body === 'string' ? res.body : res.text };
}

/** How `answer` differs from what the exchange shows; empty when it is as shown. */
export function differences(exchange: Exchange, answer: Answer): string[] {
  const found: string[] = [];
  if (answer.status !== exchange.status) found.push(`status ${answer.status}, not ${exchange.status}`);
  for (const [name, value] of exchange.responseHeaders) {
    const got = answer.headers[name.toLowerCase()];
    const text = Array.isArray(got) ? got.join(', ') : got;
    if (text !== value) found.push(`${name}: ${text ?? '(absent)'}, not ${value}`);
  }
  if (exchange.responseBody !== undefined) {
    const shown = jsonOf(exchange.responseBody);
    if (shown === undefined) {
      // A page's lines end in LF; a CSV or multipart body's in CRLF.
      if (answer.text.replace(/\r\n/g, '\n').replace(/\n$/, '') !== exchange.responseBody) found.push(`body ${JSON.stringify(answer.text)}, not ${JSON.stringify(exchange.responseBody)}`);
    } else {
      const got = jsonOf(answer.text);
      if (got === undefined || !contains(got.value, shown.value)) found.push(`body ${answer.text}, which does not contain ${exchange.responseBody}`);
    }
  }
  return found;
}

function jsonOf(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Whether `whole` holds `part`: objects by the members `part` names, arrays item by item and as long, the rest equal. */
export function contains(whole: unknown, part: unknown): boolean {
  if (Array.isArray(part)) return Array.isArray(whole) && whole.length === part.length && part.every((item, i) => contains(whole[i], item));
  if (part !== null && typeof part === 'object') {
    if (whole === null || typeof whole !== 'object' || Array.isArray(whole)) return false;
    return Object.entries(part).every(([key, value]) => Object.hasOwn(whole, key) && contains((whole as Record<string, unknown>)[key], value));
  }
  return Object.is(whole, part);
}
