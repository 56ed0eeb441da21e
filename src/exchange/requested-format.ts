import type { NamedFormat } from '../conditions/request-info';
import { unknownFormat } from '../errors/negotiation-errors';
import type { NotAcceptable } from '../errors/http-error';
import { type FormatOverride, queryFormat, withoutExtension } from '../http/format-override';
import { essence } from '../http/media-type';
import type { QueryParameters } from '../http/query-parameters';
import { extensionOf } from '../http/reflected-file-download';
import type { PathTemplate } from '../routing/path-template';
import type { RequestSegment } from '../http/request-path';
import type { Route } from '../routing/route';
import type { RouteIndex } from '../routing/route-index';

/** Where a request goes once the format its URL names is known. */
export interface FormatResolution {
  /** The path as routes match it: without the suffix of a format it names. */
  readonly segments: readonly RequestSegment[];
  readonly candidates: readonly Route[];
  /** The format that stands for Accept, when the URL names a known one. */
  readonly format: NamedFormat | undefined;
  /** A 406 for a query parameter that names a format the router does not know. */
  readonly refused: NotAcceptable | undefined;
}

/** Whether a route of `candidates` declares the last segment itself (`/openapi.json`): its suffix is then part of the path. */
function declaresLastSegment(candidates: readonly Route[], segments: readonly RequestSegment[]): boolean {
  const index = segments.length - 1;
  return candidates.some((route) => {
    const segment = route.template.segments[index];
    return route.template.segments.length === segments.length && segment?.kind === 'literal' && segment.text === segments[index]!.text;
  });
}

/**
 * The format a request's URL names, in Spring's order: a path suffix (when the router takes them)
 * that names a known format, matched without it, unless a route declares the whole segment
 * literally or no route matches the path without it; then the query parameter. Its Accept
 * replaces the request's. A query parameter naming an unknown format is a 406 listing the formats
 * the path's routes are available in.
 */
export function resolveFormat(
  formats: FormatOverride,
  index: RouteIndex<Route>,
  segments: readonly RequestSegment[],
  candidates: readonly Route[],
  query: () => QueryParameters,
): FormatResolution {
  if (formats.extension) {
    const suffix = withoutExtension(formats, segments);
    if (suffix !== undefined && !declaresLastSegment(candidates, segments)) {
      const stripped = index.lookup(suffix.segments);
      if (stripped.length > 0) return { segments: suffix.segments, candidates: stripped, format: { name: suffix.name, accept: formats.ranges.get(suffix.name)! }, refused: undefined };
    }
  }
  if (candidates.length === 0) return { segments, candidates, format: undefined, refused: undefined };
  const named = queryFormat(formats, query());
  if (named.kind === 'none') return { segments, candidates, format: undefined, refused: undefined };
  if (named.kind === 'format') return { segments, candidates, format: named, refused: undefined };
  return { segments, candidates, format: undefined, refused: unknownFormat(named.name, availableFormats(formats, candidates)) };
}

/** The formats the routes produce (or write an object in, when they declare nothing), in the router's order. */
function availableFormats(formats: FormatOverride, candidates: readonly Route[]): string[] {
  const produced = new Set(candidates.flatMap((route) => (route.producedEssences.length > 0 ? route.producedEssences : route.offers(route.answerKind).map(essence))));
  return [...formats.essences].filter(([, type]) => produced.has(type)).map(([name]) => name);
}

/**
 * The extensions a route's own answers may carry without the RFD guard, worked out when the route
 * is declared: the literal suffix of its template's last segment (`/report.pdf`), and `html` when
 * it produces HTML.
 */
export function routeSafeExtensions(template: PathTemplate, producedEssences: readonly string[]): ReadonlySet<string> {
  const safe = new Set<string>();
  const last = template.segments.at(-1);
  const suffix = last?.kind === 'literal' ? extensionOf(last.text) : undefined;
  if (suffix !== undefined) safe.add(suffix);
  if (producedEssences.includes('text/html')) safe.add('html');
  return safe;
}
