import type { IncomingMessage } from 'node:http';

/** A whole answer read as text: what the tests of a service in another process look at. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** Reads `res` to its end as UTF-8 text, then resolves with the whole answer; a failure of the response rejects. */
export function readAnswer(res: IncomingMessage, resolve: (answer: Answer) => void, reject: (error: Error) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
  res.on('error', reject);
}
