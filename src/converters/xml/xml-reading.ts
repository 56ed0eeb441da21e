import { Parser } from 'xml2js';
import { malformedBody } from '../malformed-body';
import { NOT_PLAIN, readPlainXmlValue } from './xml-fast-reader';
import { assertSafeXml } from './xml-safety';
import { ElementValue, XSI_NAMESPACE } from './xml-convention';

const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

interface Xml2jsAttribute {
  readonly value: string;
  readonly local: string;
  readonly uri: string;
}

/** A node as xml2js builds it with `explicitChildren`, `preserveChildrenOrder`, `charsAsChildren`, `xmlns`. */
interface Xml2jsNode {
  readonly '#name': string;
  readonly $ns?: { readonly local: string; readonly uri: string };
  readonly $?: Readonly<Record<string, Xml2jsAttribute>>;
  readonly $$?: readonly Xml2jsNode[];
  /** Text, under the `charkey` below. */
  readonly '#text'?: string;
}

const PARSER_OPTIONS = {
  // Not a valid XML name, unlike xml2js's default `_`: an element named `_` made it fail.
  charkey: '#text',
  explicitChildren: true,
  preserveChildrenOrder: true,
  charsAsChildren: true,
  includeWhiteChars: true,
  xmlns: true,
  explicitRoot: true,
  trim: false,
  normalize: false,
  strict: true,
  async: false,
} as const;

/**
 * Reads an XML text into its root element's value under the object convention (see
 * {@link elementToValue}). Plain documents (most API bodies) are read in one pass without sax
 * (`readPlainXmlValue`); a plain document has no DTD, one root and no text outside it, and that
 * pass checks the depth. Any other text is checked by {@link assertSafeXml} (no DTD, depth, one
 * root) and then parsed by xml2js (sax, strict mode), which expands no entities other than the
 * five predefined ones and character references.
 */
export async function parseXmlValue(text: string, maxDepth: number, format = 'XML'): Promise<unknown> {
  // XML 1.0 section 2.11: a processor passes CRLF and a lone CR on as LF (sax does not; `&#13;` stays CR).
  const normalized = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  const plain = readPlainXmlValue(normalized, maxDepth);
  if (plain !== NOT_PLAIN) return plain;
  assertSafeXml(normalized, maxDepth, format);
  return parseXmlValueWithSax(normalized, format);
}

/** @internal {@link parseXmlValue} always through xml2js: the reference the fast reader is tested against. */
export async function parseXmlValueWithSax(text: string, format = 'XML'): Promise<unknown> {
  let result: unknown;
  try {
    result = await new Parser(PARSER_OPTIONS).parseStringPromise(text);
  } catch (error) {
    throw malformedXml(error, format);
  }
  const root = typeof result === 'object' && result !== null ? Object.values(result)[0] : undefined;
  if (root === undefined) throw malformedBody(format, 'it has no root element');
  return elementToValue(root as Xml2jsNode);
}

/**
 * The value of one element of xml2js's tree (see {@link ElementValue}): `xsi:nil="true"` is
 * `null`; namespaces and `xmlns`/`xsi` attributes are dropped; fields go by local name.
 */
function elementToValue(node: Xml2jsNode): unknown {
  const element = new ElementValue(node['#name']);
  for (const attribute of Object.values(node.$ ?? {})) {
    if (attribute.uri === XSI_NAMESPACE) {
      if (attribute.local === 'nil' && attribute.value.trim() === 'true') return null;
      continue;
    }
    if (attribute.uri === XMLNS_NAMESPACE || attribute.local === 'xmlns') continue;
    element.addField(attribute.local, attribute.value);
  }
  for (const child of node.$$ ?? []) {
    // Text nodes are named `__text__`; an element of that name has a namespace record.
    if (child['#name'] === '__text__' && child.$ns === undefined) element.addText(child['#text'] ?? '');
    else element.addField(child.$ns?.local ?? child['#name'], elementToValue(child));
  }
  return element.value();
}

/** sax reports "reason\nLine: L\nColumn: C\nChar: X", with a 0-based line. */
function malformedXml(error: unknown, format: string): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const [reason = 'unreadable XML', ...rest] = error.message.split('\n');
  const line = /Line: (\d+)/.exec(rest.join('\n'))?.[1];
  const column = /Column: (\d+)/.exec(rest.join('\n'))?.[1];
  if (line === undefined || column === undefined) return malformedBody(format, lowerFirst(reason), undefined, error);
  const position = { line: Number(line) + 1, column: Number(column) };
  return malformedBody(format, lowerFirst(reason.replace(/\.$/, '')), position, error);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
