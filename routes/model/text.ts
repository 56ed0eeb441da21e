import { z } from 'zod';

/**
 * Characters a name or a title is made of: anything but control characters (C0, DEL), U+FFFE,
 * U+FFFF and surrogates outside a pair. XML 1.0 (and so the XML, Atom and RSS representations)
 * cannot carry C0 controls at all, and a user's name has no use for any of them.
 */
const PLAIN_TEXT = /^(?:[^\x00-\x1F\x7F\uD800-\uDFFF\uFFFE\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** A non-empty text of at most `max` characters that every representation of the service can carry. */
export function plainText(max: number): z.ZodString {
  return z.string().min(1).max(max).regex(PLAIN_TEXT, 'text without control characters');
}
