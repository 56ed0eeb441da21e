import { Builder } from 'xml2js';
import { assertWritableXml } from '../xml/xml-characters';

/**
 * An element in the form xml2js's Builder writes: `$` holds the attributes, `_` the text, any other
 * key a child element (an array repeats it). A key whose value is `undefined` writes nothing.
 */
export interface FeedElement {
  readonly $?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly _?: string;
  readonly [child: string]: FeedNode | readonly FeedNode[] | FeedElement['$'];
}
/** An element's content: text alone, or an element. */
export type FeedNode = string | FeedElement | undefined;

/**
 * Writes a feed document (without declaration) from its root element. Unlike `feed`'s own
 * writer (xml-js), which wraps text in CDATA sections as it is and replaces only the first `]]>`
 * of a text, every text and attribute value goes through xmlbuilder's escaping (`&`, `<`, `>`,
 * `"` and line ends as references, XML 1.0 section 2.4), so any text a feed holds reads back as the
 * same text and the document is well-formed whatever the feed says. A character XML allows nowhere
 * (XML 1.0 section 2.2) has no escape: the feed is refused with a `TypeError` before anything is sent.
 */
export function buildFeedXml(rootName: string, root: FeedElement, label: string, stylesheet?: string): string {
  const content = checked(root, label);
  // The pseudo-attributes of xml-stylesheet read references (W3C "Associating Style Sheets with
  // XML documents", section 2): escaped like an attribute, and `>` too, which would end the instruction.
  const instruction = stylesheet ? `<?xml-stylesheet href="${escapeAttribute(checked(stylesheet, label) as string)}" type="text/xsl"?>` : '';
  try {
    return instruction + new Builder({ headless: true, renderOpts: { pretty: false } }).buildObject({ [rootName]: content });
  } catch (error) {
    // Only a name can still fail here (an extension's element name that is not an XML name).
    throw new TypeError(`The value cannot be written as ${label}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The element without what is `undefined`, every text checked before the Builder sees it, so that
 * a character XML cannot carry is reported as the XML converters report it.
 */
function checked(node: unknown, label: string): unknown {
  if (typeof node === 'string') {
    assertWritableXml(node, label);
    return node;
  }
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return node.filter((item) => item !== undefined).map((item) => checked(item, label));
  if (typeof node !== 'object' || node === null) return '';
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (value !== undefined) result[key] = checked(value, label);
  return result;
}

/**
 * An extension's objects, given in xml-js's compact form as `feed` takes them (`_attributes`,
 * `_text`, `_cdata`, child elements by name), as a {@link FeedNode}. CDATA becomes text, escaped
 * like any other; declarations, instructions and comments inside an extension are left out.
 */
export function fromXmlJs(value: unknown): FeedNode | FeedNode[] {
  if (Array.isArray(value)) return value.map((item) => fromXmlJs(item) as FeedNode);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') return String(value);
  const element: Record<string, unknown> = {};
  let text: string | undefined;
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    if (key === '_attributes') element.$ = member;
    else if (key === '_text' || key === '_cdata') text = (text ?? '') + [member].flat().join('');
    else if (!key.startsWith('_')) element[key] = fromXmlJs(member);
  }
  if (text !== undefined) element._ = text;
  return element as FeedElement;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An enclosure's media type as `feed` guesses it: the category and the URL path's extension (`image/png`). */
export function enclosureType(url: string, mimeCategory: string): string {
  const extension = URL.canParse(url) ? new URL(url).pathname.split('.').slice(-1)[0] : '';
  return `${mimeCategory}/${extension}`;
}
