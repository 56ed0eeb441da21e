import type { TemplateSegment } from '../routing/path-template';
import type { RouteFacts } from './route-facts';

/** The shape of a segment, its name erased: what two templates must share to match one path. */
function shape(segment: TemplateSegment): string {
  if (segment.kind === 'literal') return `=${segment.text}`;
  return segment.kind === 'catch-all' ? '{*}' : `{:${segment.source ?? ''}}`;
}

/** Whether two segments after the one compared can match the same request segment. */
function overlap(a: TemplateSegment, b: TemplateSegment): boolean {
  return a.kind !== 'literal' || b.kind !== 'literal' || a.text === b.text;
}

/**
 * The values each placeholder of a route never takes, by segment index: the literals beside it
 * (`search` and `events` beside `/users/{id}`), whose routes answer every path they match, whatever
 * the method (route-index.ts). A literal counts when its template has the placeholder's prefix and
 * could match the same whole paths.
 */
export function excludedValues(facts: RouteFacts, routes: readonly RouteFacts[]): ReadonlyMap<number, readonly string[]> {
  const excluded = new Map<number, string[]>();
  facts.segments.forEach((segment, index) => {
    if (segment.kind !== 'placeholder') return;
    const prefix = facts.segments.slice(0, index).map(shape).join('/');
    const values = new Set<string>();
    for (const other of routes) {
      const literal = other.segments[index];
      if (literal?.kind !== 'literal' || other.segments.length !== facts.segments.length) continue;
      if (other.segments.slice(0, index).map(shape).join('/') !== prefix) continue;
      if (other.segments.every((rest, at) => at <= index || overlap(rest, facts.segments[at]!))) values.add(literal.text);
    }
    if (values.size > 0) excluded.set(index, [...values]);
  });
  return excluded;
}
