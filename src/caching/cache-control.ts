import { type HeaderValue, joinLines, splitList } from './header-map';

/**
 * The directives of a Cache-Control field (RFC 9111 section 5.2), request or response. Absent
 * means the directive was not sent. Durations are delta-seconds.
 */
export interface CacheControl {
  readonly maxAge?: number;
  readonly sMaxAge?: number;
  /** `max-stale` without a value accepts any staleness: `Infinity` (RFC 9111 section 5.2.1.2). */
  readonly maxStale?: number;
  readonly minFresh?: number;
  readonly staleWhileRevalidate?: number;
  readonly staleIfError?: number;
  /** `true`, or the field names of the qualified form `no-cache="Set-Cookie"` (section 5.2.2.4). */
  readonly noCache?: true | readonly string[];
  /** `true`, or the field names of the qualified form `private="Set-Cookie"` (section 5.2.2.7). */
  readonly private?: true | readonly string[];
  readonly noStore?: true;
  readonly public?: true;
  readonly mustRevalidate?: true;
  readonly proxyRevalidate?: true;
  readonly mustUnderstand?: true;
  readonly noTransform?: true;
  readonly onlyIfCached?: true;
  /** RFC 8246. */
  readonly immutable?: true;
  /** Directives this module does not know, by lower-case name: kept so that they can be formatted back. */
  readonly extensions?: Readonly<Record<string, string | true>>;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

type DeltaName = 'maxAge' | 'sMaxAge' | 'maxStale' | 'minFresh' | 'staleWhileRevalidate' | 'staleIfError';
type FlagName = 'noStore' | 'public' | 'mustRevalidate' | 'proxyRevalidate' | 'mustUnderstand' | 'noTransform' | 'onlyIfCached' | 'immutable';
type FieldListName = 'noCache' | 'private';

/** Directive names in the order {@link formatCacheControl} writes them. */
const DIRECTIVES: readonly (readonly [string, DeltaName | FlagName | FieldListName, 'delta' | 'flag' | 'fields'])[] = [
  ['public', 'public', 'flag'],
  ['private', 'private', 'fields'],
  ['no-cache', 'noCache', 'fields'],
  ['no-store', 'noStore', 'flag'],
  ['max-age', 'maxAge', 'delta'],
  ['s-maxage', 'sMaxAge', 'delta'],
  ['must-revalidate', 'mustRevalidate', 'flag'],
  ['proxy-revalidate', 'proxyRevalidate', 'flag'],
  ['must-understand', 'mustUnderstand', 'flag'],
  ['no-transform', 'noTransform', 'flag'],
  ['immutable', 'immutable', 'flag'],
  ['stale-while-revalidate', 'staleWhileRevalidate', 'delta'],
  ['stale-if-error', 'staleIfError', 'delta'],
  ['max-stale', 'maxStale', 'delta'],
  ['min-fresh', 'minFresh', 'delta'],
  ['only-if-cached', 'onlyIfCached', 'flag'],
];
const BY_NAME = new Map(DIRECTIVES.map((d) => [d[0], d] as const));

/**
 * RFC 9111 section 1.2.2: a delta-seconds too large to represent is taken as 2^31. Nobody caches
 * for 68 years; the cap keeps arithmetic on it exact.
 */
export const MAX_DELTA_SECONDS = 2147483648;

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
// directive = token [ "=" ( token / quoted-string ) ] (RFC 9111 section 5.2). No whitespace around
// "=": `max-age =5` is not the max-age directive, so it is ignored rather than guessed at.
const DIRECTIVE = new RegExp(`^(${TOKEN})(?:=(${TOKEN}|${QUOTED}))?$`);

/**
 * Parses a Cache-Control field (request or response; several field lines are combined first).
 * Names are case-insensitive (RFC 9111 section 5.2). Arguments may be tokens or quoted strings;
 * a directive inside a quoted string (`ext="max-age=5"`) is not a directive. When a directive
 * repeats, the first occurrence wins (RFC 9111 section 4.2.1). A delta-seconds that is not
 * `1*DIGIT` (negative, decimal, `'5'`) makes its directive ignored; one that overflows becomes
 * {@link MAX_DELTA_SECONDS}. Elements that do not parse and unknown directives are ignored for
 * caching (section 5.2.3) but unknown ones are kept in `extensions`.
 */
export function parseCacheControl(header: HeaderValue): CacheControl {
  const value = joinLines(header);
  const result: Mutable<CacheControl> = {};
  if (value === undefined) return result;
  const seen = new Set<string>();
  let extensions: Record<string, string | true> | undefined;
  for (const element of splitList(value)) {
    const match = DIRECTIVE.exec(element);
    if (match === null) continue;
    const name = (match[1] as string).toLowerCase();
    if (seen.has(name)) continue;
    seen.add(name);
    const raw = match[2];
    const argument = raw !== undefined && raw.startsWith('"') ? unquote(raw) : raw;
    const known = BY_NAME.get(name);
    if (known === undefined) {
      extensions ??= {};
      extensions[name] = argument ?? true;
      continue;
    }
    const [, key, kind] = known;
    if (kind === 'flag') {
      (result as Record<FlagName, true>)[key as FlagName] = true;
    } else if (kind === 'fields') {
      const fields = argument === undefined ? [] : splitList(argument).map((f) => f.toLowerCase());
      (result as Record<FieldListName, true | readonly string[]>)[key as FieldListName] = fields.length === 0 ? true : fields;
    } else if (argument === undefined) {
      // Only max-stale may omit its argument (RFC 9111 section 5.2.1.2).
      if (key === 'maxStale') result.maxStale = Infinity;
    } else {
      const seconds = parseDeltaSeconds(argument);
      if (seconds !== undefined) (result as Record<DeltaName, number>)[key as DeltaName] = seconds;
    }
  }
  if (extensions !== undefined) result.extensions = extensions;
  return result;
}

/** `delta-seconds = 1*DIGIT` (RFC 9111 section 1.2.2), capped at {@link MAX_DELTA_SECONDS}. */
export function parseDeltaSeconds(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  return Math.min(Number(text), MAX_DELTA_SECONDS);
}

function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/g, '$1');
}

/**
 * Formats directives as a Cache-Control field value, in a fixed order (the standard directives,
 * then extensions). `parseCacheControl(formatCacheControl(cc))` gives `cc` back. Answers `''`
 * when there is no directive.
 */
export function formatCacheControl(cc: CacheControl): string {
  const parts: string[] = [];
  for (const [name, key, kind] of DIRECTIVES) {
    const value = cc[key];
    if (value === undefined) continue;
    if (kind === 'flag') parts.push(name);
    else if (kind === 'fields') parts.push(value === true ? name : `${name}="${(value as readonly string[]).join(', ')}"`);
    else if (value === Infinity) parts.push(name);
    else parts.push(`${name}=${Math.max(0, Math.floor(value as number))}`);
  }
  for (const [name, value] of Object.entries(cc.extensions ?? {})) {
    parts.push(value === true ? name : `${name}=${formatArgument(value)}`);
  }
  return parts.join(', ');
}

function formatArgument(value: string): string {
  return new RegExp(`^${TOKEN}$`).test(value) ? value : `"${value.replace(/["\\]/g, '\\$&')}"`;
}
