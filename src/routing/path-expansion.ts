import { BoundedMemo } from '../http/bounded-memo';
import { type PathTemplate, parsePathTemplate } from './path-template';

/** Thrown when a template cannot be expanded into a path its own route would match. */
export class PathExpansionError extends Error {
  constructor(template: string, reason: string) {
    super(`Cannot expand '${template}': ${reason}`);
    this.name = 'PathExpansionError';
  }
}

/**
 * Percent-encodes one segment's text as RFC 3986 section 3.3 requires of a path segment: the
 * request matching decodes each segment once, so every reserved character (`/`, `;`, `?`, `#`,
 * `%`) is encoded to keep the value within its segment and out of the matrix variables.
 */
function encodeSegment(text: string): string {
  return encodeURIComponent(text);
}

/**
 * Expands a parsed path template into the path it names, each placeholder filled from `values`
 * (percent-encoded; a catch-all keeps its `/` and encodes each segment of its value). Throws
 * {@link PathExpansionError} when a value is missing, empty, or outside its placeholder's pattern:
 * the path would not reach the route the template names. The root template expands to `''`.
 */
export function expandPath(template: PathTemplate, values: Readonly<Record<string, unknown>>): string {
  let path = '';
  for (const segment of template.segments) {
    if (segment.kind === 'literal') {
      path += `/${encodeSegment(segment.text)}`;
      continue;
    }
    const value = Object.hasOwn(values, segment.name) ? values[segment.name] : undefined;
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new PathExpansionError(template.text, `no value for '{${segment.name}}' (a string or a number)`);
    }
    const text = String(value);
    if (text === '') throw new PathExpansionError(template.text, `the value of '{${segment.name}}' is empty`);
    if (segment.kind === 'catch-all') {
      path += `/${text.split('/').map(encodeSegment).join('/')}`;
      continue;
    }
    if (segment.pattern !== undefined && !segment.pattern.test(text)) {
      throw new PathExpansionError(template.text, `'${text}' does not match the pattern of '{${segment.name}:${segment.source}}'`);
    }
    path += `/${encodeSegment(text)}`;
  }
  return path;
}

// Templates are usually literals in the code, a handful per app; the memo keeps a computed one
// from being parsed again on every request, and bounds what templates built at run time can hold.
const parsed = new BoundedMemo<string, PathTemplate>({ entries: 512 });

/** {@link expandPath} over a template's text, parsed once and remembered. */
export function expandTemplate(template: string, values: Readonly<Record<string, unknown>>): string {
  return expandPath(
    parsed.get(template, () => parsePathTemplate(template)),
    values,
  );
}
