import { type MatrixVariables, parseMatrixVariables } from './matrix-variables';
import { decodePercent } from './percent-decoding';

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
 *
 * One pass over the path's characters, slicing each segment's parts out of the URL: no
 * intermediate path string or array of parts (splitting a sliced path cost about four times the
 * whole pass), and a segment without `%` is its own text, with nothing to decode.
 */
export function splitRequestPath(url: string): RequestSegment[] {
  const segments: RequestSegment[] = [];
  const q = url.indexOf('?');
  const end = q === -1 ? url.length : q;
  // What comes before the first slash (nothing, in an origin-form target) is not a segment.
  let start = url.indexOf('/') + 1;
  if (start === 0 || start > end) return segments;
  let semi = -1;
  let percent = false;
  for (let i = start; i <= end; i++) {
    const code = i === end ? 0x2f /* / */ : url.charCodeAt(i);
    if (code === 0x2f /* / */) {
      // The empty segment after a trailing slash is not one.
      if (i === end && start === end) break;
      segments.push(segmentAt(url, start, i, semi, percent));
      start = i + 1;
      semi = -1;
      percent = false;
    } else if (code === 0x3b /* ; */) {
      if (semi === -1) semi = i;
    } else if (code === 0x25 /* % */ && semi === -1) {
      percent = true;
    }
  }
  return segments;
}

/** The segment of `url` from `start` to `stop`, its matrix part from the first `;` (`semi`, -1 when none). */
function segmentAt(url: string, start: number, stop: number, semi: number, percent: boolean): RequestSegment {
  const raw = url.slice(start, semi === -1 ? stop : semi);
  return { text: percent ? decodePercent(raw) : raw, raw, matrix: semi === -1 ? '' : url.slice(semi + 1, stop) };
}

/** Matrix variables of a segment, parsed on first use. `undefined` for invalid encoding. */
export function matrixOf(segment: RequestSegment): MatrixVariables | undefined {
  return parseMatrixVariables(segment.matrix);
}
