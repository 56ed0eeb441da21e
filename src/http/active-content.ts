import type { MediaType } from './media-type';

/**
 * The JavaScript MIME type essences of the WHATWG MIME Sniffing Standard (section 4.6): a body
 * under one of them runs as a script when a page loads it (`<script src>`), so text echoed under
 * one is a script that bypasses a Content-Security-Policy of `script-src 'self'`.
 */
const SCRIPT_TYPES: ReadonlySet<string> = new Set([
  'application/ecmascript', 'application/javascript', 'application/x-ecmascript', 'application/x-javascript',
  'text/ecmascript', 'text/javascript', 'text/javascript1.0', 'text/javascript1.1', 'text/javascript1.2',
  'text/javascript1.3', 'text/javascript1.4', 'text/javascript1.5', 'text/jscript', 'text/livescript',
  'text/x-ecmascript', 'text/x-javascript', 'application/x-shockwave-flash',
]);

/** Other essences a browser renders or applies with effect beyond showing text. */
const OTHER_ACTIVE_TYPES: ReadonlySet<string> = new Set([
  // An HTML MIME type: rendered as a document whose scripts run (HTML, "Navigating across documents").
  'text/html',
  // Style sheets: applied when a page loads them, and able to read the page (CSS injection).
  'text/css',
  // Each part rendered as a document of its own type (HTML, "multipart/x-mixed-replace").
  'multipart/x-mixed-replace',
  // Rendered by a viewer that runs the document's scripts.
  'application/pdf',
  // XSLT style sheets transform and render the document that names them.
  'text/xsl',
  'text/xml-external-parsed-entity',
  'application/xml-external-parsed-entity',
  'application/xml-dtd',
]);

/**
 * Whether a browser renders (or runs) a body of this type with effect beyond showing its text:
 * HTML, every XML type (`text/xml`, `application/xml`, every `+xml`: XHTML and SVG among them,
 * and any XML document can hold XHTML elements whose scripts run), script and style sheet types,
 * PDF and `multipart/x-mixed-replace`. Text or bytes a client supplied must never be labelled with
 * one of these because the client's Accept asked for it: that is markup a browser runs in the
 * server's origin (reflected or stored cross-site scripting). A route that means to send such a
 * type names it in its `produces`, and then builds the body to be safe in it.
 */
export function rendersActively(mediaType: MediaType): boolean {
  const { type, subtype } = mediaType;
  if (subtype === 'xml' || subtype.endsWith('+xml')) return true;
  const essence = `${type}/${subtype}`;
  return SCRIPT_TYPES.has(essence) || OTHER_ACTIVE_TYPES.has(essence);
}
