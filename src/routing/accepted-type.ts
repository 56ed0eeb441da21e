import { rendersActively } from '../http/active-content';
import { canonicalCharset } from '../http/charset-label';
import type { MediaType } from '../http/media-type';

/** The charset of every type a browser renders actively, when the library picks it from Accept. */
const ACTIVE_CHARSET = 'utf-8';

/**
 * The type a route offers for a concrete type an Accept range names, when one of its converters'
 * ranges includes it (a string as any `text/*`), or `undefined` when it must not:
 *
 * - a type a browser renders actively ({@link rendersActively}: HTML, XML, SVG, scripts) only
 *   when the route's produces names it (`named`): text a client sent, labelled `text/html`
 *   because its Accept asked, is markup run in the server's origin (reflected XSS);
 * - only a `charset` parameter reaches the Content-Type, and only one the server writes itself
 *   (RFC 9110 section 8.3.2); any other parameter is one the server cannot honour, so the range
 *   is not one it can satisfy (`text/html; x="a b;c"` was copied into the Content-Type as sent);
 * - an actively rendered type only in UTF-8: the HTML Standard requires UTF-8 of documents
 *   (section 4.2.5.4), and a page in an encoding that is not ASCII-compatible (UTF-16) or that a
 *   browser may read otherwise is one where the escaping done on the string no longer holds for
 *   the bytes the browser decodes (the UTF-7 and UTF-16 XSS of charset confusion).
 */
export function acceptedType(range: MediaType, named: boolean): MediaType | undefined {
  const { type, subtype } = range;
  const active = rendersActively(range);
  if (active && !named) return undefined;
  let charset: string | undefined;
  for (const name of Object.keys(range.parameters)) {
    if (name === 'q') continue;
    if (name !== 'charset') return undefined;
    charset = canonicalCharset(range.parameters[name]!.toLowerCase());
    if (charset === undefined || (active && charset !== ACTIVE_CHARSET)) return undefined;
  }
  return { type, subtype, parameters: charset === undefined ? {} : { charset } };
}

/**
 * The charset a route may write one of its offers in when an Accept range asks for it
 * (`text/*;charset=iso-8859-1`), or `undefined` when it may not: one the server writes itself,
 * and UTF-8 alone for a type a browser renders actively (see {@link acceptedType}).
 */
export function acceptedCharset(offer: MediaType, wanted: string): string | undefined {
  const charset = canonicalCharset(wanted.toLowerCase());
  if (charset === undefined || (rendersActively(offer) && charset !== ACTIVE_CHARSET)) return undefined;
  return charset;
}
