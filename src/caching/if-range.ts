import { parseEntityTag, strongMatch } from './entity-tag';
import { parseHttpDate } from './http-date';

/** The validators {@link ifRangeHolds} compares If-Range with, and the Date that tells whether a date is one. */
export interface IfRangeValidators {
  readonly etag?: string | undefined;
  readonly lastModified?: string | undefined;
  /**
   * The Date of the response that carries these validators: the one being written (an origin
   * server), or the stored one (a cache).
   */
  readonly date?: string | undefined;
}

/** How far apart, in milliseconds, Last-Modified and Date must be for the date to be strong. */
const ONE_SECOND = 1000;

/**
 * Whether a Range request is honoured given its If-Range (RFC 9110 section 13.1.5): always without
 * one; with an entity tag, only when it is strong and strongly matches the current ETag; with a
 * date, only when it is exactly the current Last-Modified and that date is a strong validator.
 * Otherwise the representation changed (or cannot be known not to have): the full one is sent,
 * never a part of another version.
 *
 * A date is strong only when the Date of the response carrying it is at least one second after it
 * (section 8.8.2.2): HTTP-dates count whole seconds, so a representation modified in the second
 * of the Date may have changed again within it, keeping the same Last-Modified, and a 206 of the
 * new version would be spliced onto the old one. Section 13.1.5 makes such a condition false.
 * (The client sends a date only when its own copy's Date was a second after it: section 13.1.5
 * asks that of it, and a server cannot check it.)
 */
export function ifRangeHolds(ifRange: string | undefined, current: IfRangeValidators): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    const wanted = parseEntityTag(value);
    const actual = parseEntityTag(current.etag);
    return wanted !== undefined && actual !== undefined && !wanted.weak && strongMatch(wanted, actual);
  }
  const date = parseHttpDate(value);
  const lastModified = parseHttpDate(current.lastModified);
  if (date === undefined || lastModified === undefined || date !== lastModified) return false;
  const sent = parseHttpDate(current.date);
  return sent !== undefined && sent - lastModified >= ONE_SECOND;
}
