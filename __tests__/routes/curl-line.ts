import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Splits a shell command line into words: single and double quotes, backslash escapes; nothing else. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word = `${word ?? ''}${c}`;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < line.length) word = `${word ?? ''}${line[++i]!}`;
      else word = `${word ?? ''}${c}`;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) {
      word = `${word ?? ''}${line[++i]!}`;
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote !== undefined) throw new Error(`Unclosed quote in: ${line}`);
  if (word !== undefined) words.push(word);
  return words;
}

/** An HTTP request as a curl command line describes it. */
export interface CurlRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: Buffer | undefined;
}

/**
 * The request the curl options used in routes/README.md stand for: `-X`, `-H`, `-d`/`--data`
 * (POST and a form Content-Type unless given), `--data-binary` (`@file` relative to `cwd`),
 * `-I` (HEAD), and `-i`/`-s`, which change only what curl prints.
 */
export function curlRequest(args: readonly string[], cwd: string): CurlRequest {
  if (args[0] !== 'curl') throw new Error(`Not a curl command: ${args.join(' ')}`);
  let method: string | undefined;
  let url: string | undefined;
  const headers: Record<string, string> = {};
  let body: Buffer | undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    const next = (): string => {
      const value = args[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      return value;
    };
    if (arg === '-X' || arg === '--request') method = next();
    else if (arg === '-H' || arg === '--header') {
      const header = next();
      const colon = header.indexOf(':');
      headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (arg === '-d' || arg === '--data' || arg === '--data-binary') {
      const data = next();
      body = data.startsWith('@') ? readFileSync(join(cwd, data.slice(1))) : Buffer.from(data, 'utf8');
      // curl -d strips newlines from files; the walkthrough's files are binary and sent with --data-binary.
    } else if (arg === '-I' || arg === '--head') method = 'HEAD';
    else if (arg === '-i' || arg === '-s' || arg === '--include' || arg === '--silent') continue;
    else if (arg.startsWith('-')) throw new Error(`curl option ${arg} is not understood by this runner`);
    else url = arg;
  }
  if (url === undefined) throw new Error(`No URL in: ${args.join(' ')}`);
  if (body !== undefined) headers['content-type'] ??= 'application/x-www-form-urlencoded';
  return { method: method ?? (body === undefined ? 'GET' : 'POST'), url: /^https?:\/\//.test(url) ? url : `http://${url}`, headers, body };
}

/** One command of a page's curl walkthrough (routes/README.md) and the answer it shows. */
export interface Example {
  readonly command: string;
  readonly status: number;
  /** The header lines shown, by lower-case name. */
  readonly headers: Readonly<Record<string, string>>;
}

/** The curl commands of a Markdown section, each with the status and headers of the answer shown after it. */
export function examplesOf(readme: string, section: string): Example[] {
  const start = readme.indexOf(`\n## ${section}\n`);
  if (start === -1) throw new Error(`No section '${section}'`);
  const end = readme.indexOf('\n## ', start + 1);
  const text = readme.slice(start, end === -1 ? undefined : end);
  const examples: Example[] = [];
  for (const match of text.matchAll(/```sh\n(curl [^\n]*)\n```\n```http\n([\s\S]*?)\n```/g)) {
    const [statusLine, ...rest] = match[2]!.split('\n');
    const status = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine ?? '')?.[1];
    if (status === undefined) throw new Error(`No status line after ${match[1]}`);
    const headers: Record<string, string> = {};
    for (const line of rest) {
      if (line === '') break;
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    examples.push({ command: match[1]!, status: Number(status), headers });
  }
  return examples;
}
