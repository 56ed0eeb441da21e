import { type MatrixVariables, decodePercent, parseMatrixVariables } from './matrix-variables';

/** One segment of a request path: its decoded text (without matrix variables) and the raw matrix part. */
export interface RequestSegment {
  /** Percent-decoded text, or `undefined` when the percent-encoding is invalid. */
  readonly text: string | undefined;
  readonly raw: string;
  /** The raw matrix part after the first `;` (empty when none). */
  readonly matrix: string;
}

/** `http://host` or `https://host`, in any case: the start of an absolute-form request target. */
const ABSOLUTE_FORM = /^https?:\/\/[^/?#]*/i;

/**
 * The origin-form (`/path?query`) of a request target (RFC 9112 section 3.2): the target itself
 * when it starts with `/`; the path and query of an absolute-form target (`http://host/a?b` gives
 * `/a?b`, `http://host` gives `/`), which a server must accept (section 3.2.2); `undefined` for the
 * authority-form of CONNECT and the asterisk-form of `OPTIONS *`, which name no path.
 */
export function originFormOf(target: string): string | undefined {
  if (target.charCodeAt(0) === 0x2f /* / */) return target;
  const authority = ABSOLUTE_FORM.exec(target);
  if (authority === null) return undefined;
  const rest = target.slice(authority[0].length);
  return rest.charCodeAt(0) === 0x2f ? rest : `/${rest}`;
}

/**
 * The authority of an absolute-form request target (`http://a.example:8080/b` gives
 * `a.example:8080`, RFC 9112 section 3.2.2), as sent; `undefined` for the other forms.
 */
export function absoluteFormAuthority(target: string): string | undefined {
  if (target.charCodeAt(0) === 0x2f /* / */) return undefined;
  const authority = ABSOLUTE_FORM.exec(target);
  return authority === null ? undefined : authority[0].slice(authority[0].indexOf('//') + 2);
}

/**
 * Splits a request URL (relative to the router's mount point) into segments. Matrix content
 * (`;name=value`) is split off each segment so that it never stops a path from matching
 * (`/cars;color=red` matches `/cars`). A trailing slash is ignored, as Express does by default.
 */
export function splitRequestPath(url: string): RequestSegment[] {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const segments: RequestSegment[] = [];
  const parts = path.split('/');
  // parts[0] is the empty text before the leading slash.
  const last = parts.length > 1 && parts[parts.length - 1] === '' ? parts.length - 1 : parts.length;
  for (let i = 1; i < last; i++) {
    const raw = parts[i]!;
    const semi = raw.indexOf(';');
    const base = semi === -1 ? raw : raw.slice(0, semi);
    segments.push({ text: decodePercent(base), raw: base, matrix: semi === -1 ? '' : raw.slice(semi + 1) });
  }
  return segments;
}

/** Matrix variables of a segment, parsed on first use. `undefined` for invalid encoding. */
export function matrixOf(segment: RequestSegment): MatrixVariables | undefined {
  return parseMatrixVariables(segment.matrix);
}
