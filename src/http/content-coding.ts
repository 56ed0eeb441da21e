import { splitList } from './header-list';

/**
 * The content codings of a request body (`Content-Encoding`), in the order they were applied
 * (RFC 9110 section 8.4.1): lower-cased (coding names are case-insensitive), `identity` dropped
 * (it means no coding); empty when the body is not encoded.
 */
export function contentCodings(field: string | undefined): string[] {
  if (field === undefined) return [];
  return splitList(field)
    .map((coding) => coding.toLowerCase())
    .filter((coding) => coding !== 'identity');
}

/**
 * The transfer codings of a message (`Transfer-Encoding`, RFC 9112 section 6.1), lower-cased, in
 * the order they were applied; empty when there are none.
 */
export function transferCodings(field: string | undefined): string[] {
  return field === undefined ? [] : splitList(field).map((coding) => coding.toLowerCase());
}
