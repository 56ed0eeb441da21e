import { Builder } from 'xml2js';
import { escapeInvalidXmlChars } from './xml-characters';
import type { ProblemDocument } from '../../errors/problem-document';

const XML_NAME = /^[A-Za-z_][\w.-]*$/;

/**
 * One member's content under RFC 9457 Appendix B: an array is an element of `<i>` items, an
 * object an element of its members (names that are not XML names are left out), anything else
 * its text (as JSON would write it: `toJSON()` applied, `null` empty). A character XML allows
 * nowhere (a control character a client sent, quoted in the detail) is written as `\u0001`.
 */
function xmlContent(value: unknown): unknown {
  const json: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
  const convert = (item: unknown): unknown => {
    if (item === null) return '';
    if (Array.isArray(item)) return { i: item.map(convert) };
    if (typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).filter(([name]) => XML_NAME.test(name)).map(([name, member]) => [name, convert(member)]));
    }
    return escapeInvalidXmlChars(String(item));
  };
  return convert(json);
}

/**
 * RFC 9457 Appendix B: the XML form of a problem, in the `urn:ietf:rfc:7807` namespace, with its
 * declaration. Well-formed for any member: xmlbuilder escapes text, names that are not XML names
 * are left out, and a character XML allows nowhere (a control character a client sent, quoted in
 * the detail) is written as `\u0001`: a problem must reach the client whatever input caused it.
 */
export function problemXml(problem: ProblemDocument): string {
  // charkey '#' is no XML name, so no member can be mistaken for text.
  const builder = new Builder({ rootName: 'problem', charkey: '#', xmldec: { version: '1.0', encoding: 'UTF-8' }, renderOpts: { pretty: false } });
  const members: Record<string, unknown> = { $: { xmlns: 'urn:ietf:rfc:7807' } };
  for (const [name, value] of Object.entries(problem)) {
    if (value === undefined || !XML_NAME.test(name)) continue;
    members[name] = xmlContent(value);
  }
  return builder.buildObject(members);
}
