/**
 * Path templates: `/cars/{id}`, a regex-constrained `/cars/{id:\d+}` and a trailing catch-all
 * `/files/{*rest}`. Templates are parsed once, when the route is declared.
 */

/** One segment of a parsed template. */
export type TemplateSegment =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'placeholder'; readonly name: string; readonly pattern?: RegExp; readonly source?: string }
  | { readonly kind: 'catch-all'; readonly name: string };

/** A parsed path template. */
export interface PathTemplate {
  /** The template as declared, normalised (leading slash, no trailing slash). */
  readonly text: string;
  readonly segments: readonly TemplateSegment[];
  /** Placeholder names in order, including a catch-all. */
  readonly names: readonly string[];
  /** Same for every template that matches exactly the same paths: placeholder names erased. */
  readonly shapeKey: string;
}

/** Thrown when a template is malformed; the message names the route. */
export class PathTemplateError extends Error {
  constructor(template: string, reason: string) {
    super(`Malformed path template '${template}': ${reason}`);
    this.name = 'PathTemplateError';
  }
}

const NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * Express's and path-to-regexp's placeholder syntax, `:name` and the wildcard `*name`: a segment
 * written that way would be a literal here, so `/users/:id` would silently match only the path
 * `/users/:id`. Such a template is refused with the template it meant. A literal colon or star at
 * the start of a segment is still possible percent-encoded (`%3A`, `%2A`).
 */
const EXPRESS_SEGMENT = /^([:*])([A-Za-z_$][\w$]*)$/;

function refuseExpressSyntax(template: string, parts: readonly string[]): void {
  if (!parts.some((part) => EXPRESS_SEGMENT.test(part))) return;
  const meant = parts.map((part) => part.replace(EXPRESS_SEGMENT, (_, mark: string, name: string) => (mark === ':' ? `{${name}}` : `{*${name}}`)));
  throw new PathTemplateError(template, `placeholders are written in braces, not Express's ':name' or '*name': did you mean '/${meant.join('/')}'?`);
}

/** Reads `{...}` starting at `open`, allowing balanced braces inside a regex such as `\d{3}`. */
function readPlaceholder(template: string, text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new PathTemplateError(template, `unclosed '{' in segment '${text}'`);
}

function parseSegment(template: string, raw: string, names: Set<string>): TemplateSegment {
  if (!raw.includes('{') && !raw.includes('}')) {
    if (raw.includes(';')) throw new PathTemplateError(template, `';' is reserved for matrix variables (segment '${raw}')`);
    // Requests are matched decoded, so a literal declared percent-encoded is decoded once here.
    if (!raw.includes('%')) return { kind: 'literal', text: raw };
    try {
      return { kind: 'literal', text: decodeURIComponent(raw) };
    } catch {
      throw new PathTemplateError(template, `invalid percent-encoding in segment '${raw}'`);
    }
  }
  if (!raw.startsWith('{') || readPlaceholder(template, raw, 0) !== raw.length - 1) {
    throw new PathTemplateError(template, `a placeholder must fill its whole segment ('${raw}')`);
  }
  const body = raw.slice(1, -1);
  const catchAll = body.startsWith('*');
  const colon = body.indexOf(':');
  const name = body.slice(catchAll ? 1 : 0, colon === -1 ? undefined : colon);
  if (!NAME.test(name)) throw new PathTemplateError(template, `'${name}' is not a valid placeholder name`);
  if (names.has(name)) throw new PathTemplateError(template, `placeholder '${name}' appears twice`);
  names.add(name);
  if (catchAll) {
    if (colon !== -1) throw new PathTemplateError(template, `the catch-all '{*${name}}' takes no pattern`);
    return { kind: 'catch-all', name };
  }
  if (colon === -1) return { kind: 'placeholder', name };
  const source = body.slice(colon + 1);
  if (source === '') throw new PathTemplateError(template, `placeholder '${name}' has an empty pattern`);
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${source})$`, 'u');
  } catch (error) {
    throw new PathTemplateError(template, `placeholder '${name}' has an invalid pattern: ${(error as Error).message}`);
  }
  return { kind: 'placeholder', name, pattern, source };
}

/** Splits on `/` outside braces, so that a regex may contain a slash-free `{n}` quantifier. */
function splitTemplate(template: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '/' && depth === 0) {
      parts.push(template.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(template.slice(start));
  return parts;
}

/** Parses a path template; throws {@link PathTemplateError} when it is malformed. */
export function parsePathTemplate(template: string): PathTemplate {
  if (typeof template !== 'string') throw new PathTemplateError(String(template), 'a path must be a string');
  if (template !== '' && !template.startsWith('/')) throw new PathTemplateError(template, "a path must start with '/'");
  const parts = splitTemplate(template).slice(1);
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  refuseExpressSyntax(template, parts);
  const names = new Set<string>();
  const segments = parts.map((part) => {
    if (part === '') throw new PathTemplateError(template, 'empty segment (//)');
    return parseSegment(template, part, names);
  });
  segments.forEach((segment, index) => {
    if (segment.kind === 'catch-all' && index !== segments.length - 1) {
      throw new PathTemplateError(template, `the catch-all '{*${segment.name}}' must be the last segment`);
    }
  });
  const text = `/${parts.join('/')}`;
  return { text, segments, names: [...names], shapeKey: shapeKeyOf(segments) };
}

function shapeKeyOf(segments: readonly TemplateSegment[]): string {
  return (
    '/' +
    segments
      .map((segment) => {
        if (segment.kind === 'literal') return segment.text;
        if (segment.kind === 'catch-all') return '{*}';
        return segment.source === undefined ? '{}' : `{:${segment.source}}`;
      })
      .join('/')
  );
}

/** Joins a router-level prefix template and a route template. */
export function joinTemplates(prefix: string, path: string): string {
  if (prefix === '' || prefix === '/') return path === '' ? '/' : path;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return path === '' || path === '/' ? trimmed : `${trimmed}${path}`;
}

function segmentRank(segment: TemplateSegment): number {
  if (segment.kind === 'literal') return 0;
  if (segment.kind === 'placeholder') return segment.pattern === undefined ? 2 : 1;
  return 3;
}

/**
 * Orders two templates that both match a request path, most specific first (negative when `a`
 * is more specific): without a catch-all before with one, fewer placeholders first, then, at the
 * first segment where they differ, a literal over a constrained placeholder over a plain one, then
 * more literal characters. Only templates with the same shape key compare equal.
 */
export function comparePathTemplates(a: PathTemplate, b: PathTemplate): number {
  const aCatch = a.segments.some((s) => s.kind === 'catch-all') ? 1 : 0;
  const bCatch = b.segments.some((s) => s.kind === 'catch-all') ? 1 : 0;
  if (aCatch !== bCatch) return aCatch - bCatch;
  if (a.names.length !== b.names.length) return a.names.length - b.names.length;
  const length = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < length; i++) {
    const diff = segmentRank(a.segments[i]!) - segmentRank(b.segments[i]!);
    if (diff !== 0) return diff;
  }
  const literalLength = (t: PathTemplate): number =>
    t.segments.reduce((sum, s) => sum + (s.kind === 'literal' ? s.text.length : 0), 0);
  return literalLength(b) - literalLength(a) || b.segments.length - a.segments.length;
}
