import { type CacheControl, formatCacheControl, parseCacheControl } from './cache-control';
import { type HeaderMap, joinLines } from './header-map';

/** A bare item of a Structured Field (RFC 8941 section 3.3). */
type BareItem = number | string | boolean | { readonly token: string } | { readonly bytes: string };
type Member = BareItem | readonly BareItem[];

/**
 * Parses a Structured Field Dictionary (RFC 8941 section 4.2.2): `undefined` when the text is not
 * one, which makes a targeted field invalid as a whole. Parameters are parsed and dropped.
 */
export function parseDictionary(text: string): Map<string, Member> | undefined {
  const parser = new Parser(text);
  try {
    return parser.dictionary();
  } catch {
    return undefined;
  }
}

class Parser {
  #i = 0;
  constructor(readonly text: string) {}

  dictionary(): Map<string, Member> {
    const members = new Map<string, Member>();
    this.skip(' ');
    if (this.#i === this.text.length) return members;
    for (;;) {
      const key = this.key();
      let value: Member = true;
      if (this.text[this.#i] === '=') {
        this.#i++;
        value = this.text[this.#i] === '(' ? this.innerList() : this.bareItem();
      }
      this.parameters();
      members.set(key, value);
      this.skip(' \t');
      if (this.#i === this.text.length) return members;
      this.expect(',');
      this.skip(' \t');
      if (this.#i === this.text.length) throw new SyntaxError('trailing comma');
    }
  }

  innerList(): BareItem[] {
    this.expect('(');
    const items: BareItem[] = [];
    for (;;) {
      this.skip(' ');
      if (this.text[this.#i] === ')') {
        this.#i++;
        this.parameters();
        return items;
      }
      items.push(this.bareItem());
      this.parameters();
      const c = this.text[this.#i];
      if (c !== ' ' && c !== ')') throw new SyntaxError('inner list');
    }
  }

  parameters(): void {
    while (this.text[this.#i] === ';') {
      this.#i++;
      this.skip(' ');
      this.key();
      if (this.text[this.#i] === '=') {
        this.#i++;
        this.bareItem();
      }
    }
  }

  key(): string {
    const match = /^[a-z*][a-z0-9_\-.*]*/.exec(this.text.slice(this.#i));
    if (match === null) throw new SyntaxError('key');
    this.#i += match[0].length;
    return match[0];
  }

  bareItem(): BareItem {
    const rest = this.text.slice(this.#i);
    let match: RegExpExecArray | null;
    if ((match = /^-?\d{1,12}\.\d{1,3}(?![\d.])/.exec(rest)) !== null) {
      this.#i += match[0].length;
      return Number(match[0]);
    }
    if ((match = /^-?\d{1,15}(?![\d.])/.exec(rest)) !== null) {
      this.#i += match[0].length;
      return Number(match[0]);
    }
    if ((match = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"/.exec(rest)) !== null) {
      this.#i += match[0].length;
      return (match[1] as string).replace(/\\(["\\])/g, '$1');
    }
    if ((match = /^[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*/.exec(rest)) !== null) {
      this.#i += match[0].length;
      return { token: match[0] };
    }
    if ((match = /^:([A-Za-z0-9+/=]*):/.exec(rest)) !== null) {
      this.#i += match[0].length;
      return { bytes: match[1] as string };
    }
    if ((match = /^\?[01]/.exec(rest)) !== null) {
      this.#i += 2;
      return match[0] === '?1';
    }
    throw new SyntaxError('bare item');
  }

  skip(chars: string): void {
    while (this.#i < this.text.length && chars.includes(this.text[this.#i] as string)) this.#i++;
  }

  expect(c: string): void {
    if (this.text[this.#i] !== c) throw new SyntaxError(`expected ${c}`);
    this.#i++;
  }
}

/** Directives whose value is a delta-seconds: an Integer in a targeted field (RFC 9213 section 2.1). */
const DELTA_DIRECTIVES = new Set(['max-age', 's-maxage', 'stale-while-revalidate', 'stale-if-error']);

/**
 * Reads a targeted cache-control field (RFC 9213 section 2.1) as Cache-Control directives:
 * `undefined` when it is not a valid Structured Field Dictionary or is empty. Members of the wrong
 * type (`max-age="60"`, `no-store=3`) are ignored.
 */
export function parseTargetedField(text: string | undefined): CacheControl | undefined {
  if (text === undefined) return undefined;
  const members = parseDictionary(text);
  if (members === undefined || members.size === 0) return undefined;
  const directives: string[] = [];
  for (const [name, value] of members) {
    if (DELTA_DIRECTIVES.has(name)) {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0) directives.push(`${name}=${value}`);
    } else if (value === true) {
      directives.push(name);
    }
  }
  return parseCacheControl(directives.join(', '));
}

/**
 * The Cache-Control value a cache with this target list obeys (RFC 9213 section 2.2): the first
 * field of `targets` (lower-case names) with a valid, non-empty value, formatted as
 * Cache-Control; `undefined` when none has one, and then Cache-Control and Expires apply as usual.
 */
export function selectTargetedField(headers: HeaderMap, targets: readonly string[]): string | undefined {
  for (const target of targets) {
    const cc = parseTargetedField(joinLines(headers[target]));
    if (cc !== undefined) return formatCacheControl(cc);
  }
  return undefined;
}

/**
 * The headers that decide caching for a cache obeying the targeted fields `targets` (lower-case
 * names, in order): a valid targeted field replaces Cache-Control, and Expires is ignored (RFC 9213
 * section 2.2); without one, the headers as they are.
 */
export function effectiveCacheHeaders(headers: HeaderMap, targets: readonly string[]): HeaderMap {
  if (targets.length === 0) return headers;
  const targeted = selectTargetedField(headers, targets);
  return targeted === undefined ? headers : { ...headers, 'cache-control': targeted, expires: undefined };
}
