import type { MediaRange } from './media-range';
import { essence, parseMediaType } from './media-type';
import type { QueryParameters } from './query-parameters';
import type { RequestSegment } from './request-path';

/**
 * How a request may name its representation in its URL instead of Accept, as Spring's
 * content-negotiation strategies, JAX-RS's extension mappings and ASP.NET's `[FormatFilter]` let
 * it (opt-in per router: `createRouter({ formats: { extension: true } })`): a query parameter
 * (`/users/7?format=xml`) or a path suffix (`/users/7.xml`). A format chooses among the types the
 * route produces, as an Accept naming only its type would.
 */
export interface FormatOptions {
  /** The query parameter that names a format; `false` for none. Default `'format'`. */
  readonly query?: string | false;
  /**
   * Whether a path suffix names a format (`/users/7.xml`). Default `false`. Only a suffix that is
   * one of {@link mediaTypes}' names counts, and is taken off the path before it is matched;
   * any other suffix stays part of the path (`/files/notes.v2` keeps its dot).
   */
  readonly extension?: boolean;
  /** The formats by name (lower case), each a media type. Default {@link DEFAULT_FORMATS}. */
  readonly mediaTypes?: Readonly<Record<string, string>>;
}

/** The formats a router knows without `mediaTypes`: the types the default converters write. */
export const DEFAULT_FORMATS: Readonly<Record<string, string>> = Object.freeze({
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
  txt: 'text/plain',
  html: 'text/html',
  atom: 'application/atom+xml',
  rss: 'application/rss+xml',
});

/** {@link FormatOptions} settled once, when the router is made. */
export interface FormatOverride {
  readonly parameter: string | undefined;
  readonly extension: boolean;
  /** The Accept a format stands for: one range of its type, by format name. */
  readonly ranges: ReadonlyMap<string, readonly MediaRange[]>;
  /** The essence of each format's type, by format name. */
  readonly essences: ReadonlyMap<string, string>;
}

const NAME = /^[a-z0-9][a-z0-9_+-]*$/;

/** Checks and settles the options; throws naming a format whose name or media type is malformed. */
export function compileFormats(options: FormatOptions): FormatOverride {
  const ranges = new Map<string, readonly MediaRange[]>();
  const essences = new Map<string, string>();
  for (const [name, text] of Object.entries(options.mediaTypes ?? DEFAULT_FORMATS)) {
    if (!NAME.test(name)) throw new Error(`Format '${name}': a format name is lower-case letters, digits, '_', '+' or '-'`);
    let mediaType;
    try {
      mediaType = parseMediaType(text);
    } catch (error) {
      throw new Error(`Format '${name}': ${(error as Error).message}`, { cause: error });
    }
    if (mediaType.type === '*' || mediaType.subtype === '*') throw new Error(`Format '${name}': '${text}' is a range, not a media type`);
    ranges.set(name, Object.freeze([Object.freeze({ ...mediaType, q: 1, index: 0 })]));
    essences.set(name, essence(mediaType));
  }
  const query = options.query ?? 'format';
  if (query !== false && (typeof query !== 'string' || query === '')) throw new Error('formats.query must be a parameter name or false');
  return { parameter: query === false ? undefined : query, extension: options.extension === true, ranges, essences };
}

/** What a request's URL says of its format. */
export type RequestedFormat =
  /** Nothing: Accept decides. */
  | { readonly kind: 'none' }
  /** A known format, and the Accept it stands for. */
  | { readonly kind: 'format'; readonly name: string; readonly accept: readonly MediaRange[] }
  /** A query parameter naming a format the router does not know: a 406. */
  | { readonly kind: 'unknown'; readonly name: string };

const NONE: RequestedFormat = { kind: 'none' };

/**
 * The path without the suffix of a known format (`/users/7.xml` gives `/users/7` and `xml`), or
 * `undefined` when its last segment has none: no dot, a dot that starts it (`.xml` names a file
 * of that name), or a suffix that names no format. Matrix parameters stay where they were.
 */
export function withoutExtension(override: FormatOverride, segments: readonly RequestSegment[]): { readonly name: string; readonly segments: readonly RequestSegment[] } | undefined {
  const last = segments[segments.length - 1];
  const text = last?.text;
  if (text === undefined) return undefined;
  const dot = text.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const name = text.slice(dot + 1).toLowerCase();
  if (!override.ranges.has(name)) return undefined;
  const suffix = text.length - dot;
  const raw = last!.raw.toLowerCase().endsWith(`.${name}`) ? last!.raw.slice(0, -suffix) : last!.raw;
  return { name, segments: [...segments.slice(0, -1), { text: text.slice(0, dot), raw, matrix: last!.matrix }] };
}

/**
 * The format the query names (Spring's ParameterContentNegotiationStrategy): its first non-empty
 * value, lower-cased; `none` without one, `unknown` for a name the router does not know.
 */
export function queryFormat(override: FormatOverride, query: QueryParameters): RequestedFormat {
  if (override.parameter === undefined) return NONE;
  const name = query.get(override.parameter)?.find((value) => value !== '')?.toLowerCase();
  if (name === undefined) return NONE;
  const accept = override.ranges.get(name);
  return accept === undefined ? { kind: 'unknown', name } : { kind: 'format', name, accept };
}
