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
