import { parseEntityTag, strongMatch } from './entity-tag';
import { parseHttpDate } from './http-date';

/**
 * Whether a Range request is honoured given its If-Range (RFC 9110 section 13.1.5): always without
 * one; with an entity tag, only when it is strong and strongly matches the current ETag; with a
 * date, only when it is exactly the current Last-Modified. Otherwise the representation changed
 * (or cannot be known not to have): the full one is sent, never a part of another version.
 */
export function ifRangeHolds(ifRange: string | undefined, current: { readonly etag?: string | undefined; readonly lastModified?: string | undefined }): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    const wanted = parseEntityTag(value);
    const actual = parseEntityTag(current.etag);
    return wanted !== undefined && actual !== undefined && !wanted.weak && strongMatch(wanted, actual);
  }
  const date = parseHttpDate(value);
  const lastModified = parseHttpDate(current.lastModified);
  return date !== undefined && lastModified !== undefined && date === lastModified;
}
