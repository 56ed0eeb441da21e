import { type EntityTag, parseEntityTag, strongMatch, weakMatch } from './entity-tag';
import { type HeaderMap, fieldLines } from './header-map';

/** The validators of the one stored response a cache sent a conditional request for. */
export interface StoredValidators {
  readonly etag: string | undefined;
  readonly lastModified: string | undefined;
}

/** The validators a response's fields carry: its first ETag and Last-Modified lines. */
export function validatorFields(headers: HeaderMap): StoredValidators {
  return { etag: fieldLines(headers.etag)[0], lastModified: fieldLines(headers['last-modified'])[0] };
}

/** Whether a response has a validator a conditional request can use (RFC 9111 section 4.3.1). */
export function hasValidator(validators: StoredValidators): boolean {
  return validators.etag !== undefined || validators.lastModified !== undefined;
}

/**
 * Whether a 304 received for a cache's own conditional request identifies the stored response it
 * validated, so that it may freshen it (RFC 9111 section 4.3.4):
 * - a strong entity tag in the 304 identifies a stored response with the same strong tag, and
 *   nothing else ("the cache MUST NOT use the new response to update any stored responses");
 * - a weak one, a stored response whose tag it matches weakly (a conservative reading: a weak tag
 *   that differs names another representation just as well);
 * - with no entity tag, a Last-Modified identifies a stored response with the same Last-Modified;
 * - a 304 with no validator at all identifies a stored response only when that has none either.
 */
export function notModifiedIdentifies(stored: StoredValidators, notModified: HeaderMap): boolean {
  const { etag: etagField, lastModified } = validatorFields(notModified);
  if (etagField !== undefined) {
    const tag = parseEntityTag(etagField);
    const storedTag = parseEntityTag(stored.etag);
    if (tag === undefined || storedTag === undefined) return false;
    const compare: (a: EntityTag, b: EntityTag) => boolean = tag.weak ? weakMatch : strongMatch;
    return compare(tag, storedTag);
  }
  if (lastModified !== undefined) return lastModified.trim() === stored.lastModified?.trim();
  return !hasValidator(stored);
}

/**
 * Whether a 200 to a HEAD request describes a stored GET response, so that it may freshen it
 * (RFC 9111 section 4.3.5): the validators it carries (ETag, Last-Modified) are the stored ones,
 * and so is its Content-Length when it has one. A HEAD response with no validator describes nothing
 * it can be checked against; one that does not match says the stored response is stale.
 */
export function headResponseDescribes(stored: StoredValidators & { readonly contentLength: number }, head: HeaderMap): boolean {
  const described = validatorFields(head);
  if (!hasValidator(described)) return false;
  const { etag, lastModified } = described;
  if (etag !== undefined && etag.trim() !== stored.etag?.trim()) return false;
  if (lastModified !== undefined && lastModified.trim() !== stored.lastModified?.trim()) return false;
  const length = fieldLines(head['content-length'])[0];
  return length === undefined || Number(length) === stored.contentLength;
}
