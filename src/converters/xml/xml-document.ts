import { Document } from '@xmldom/xmldom';

/**
 * The body-kind token for XML source: a route declares `body: XmlDocument` to receive the request's
 * XML as a DOM `Document` (@xmldom/xmldom), and a handler returns one to send it as XML.
 */
// @xmldom/xmldom types `Document` for `instanceof` only, not as a constructor, which `.body()` needs
// to infer the handler's body type: the token is typed as the (abstract) class it is at run time.
export const XmlDocument = Document as unknown as (abstract new () => Document) & {
  /** `value instanceof XmlDocument`: whether `value` is a DOM Document. */
  [Symbol.hasInstance](value: unknown): value is Document;
};
/** A DOM document, as parsed and serialized by @xmldom/xmldom. */
export type XmlDocument = Document;

/** Whether a value is a DOM document (by `nodeType`, so documents of other DOM implementations count). */
export function isXmlDocument(value: unknown): value is XmlDocument {
  if (value instanceof Document) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { nodeType?: unknown }).nodeType === 9 &&
    'documentElement' in value
  );
}
