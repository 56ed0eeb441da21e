import type { Author } from 'feed';
import { isRegExpSpace } from '../regexp-space';

/**
 * An RSS 2.0 `<author>`: "the email address of the author", written `email (name)` by convention
 * (RSS 2.0 specification, `<author>` sub-element of `<item>`); `feed` writes the name alone when it
 * has no email. Read in one pass: the email is the longest run of non-space characters from the
 * start, holding an `@` with a character either side, that a `(` ends or that whitespace and a `(`
 * follow; the name runs from that `(` to the `)` that ends the text, on one line. This is what
 * `/^\s*(\S+@\S+)\s*\((.*)\)\s*$/` matched; that expression tried every way to split a long run of
 * `@(` and took quadratic time to refuse it.
 */
export function parseRssAuthor(text: string): Author {
  const trimmed = text.trim();
  return emailAndName(trimmed) ?? (trimmed.includes('@') && !trimmed.includes(' ') ? { email: trimmed } : { name: trimmed });
}

function emailAndName(text: string): { email: string; name: string } | undefined {
  const last = text.length - 1;
  if (text.charCodeAt(last) !== 0x29 /* ) */) return undefined;
  // The earliest `@` with a character before it: an email of k characters needs it at k - 2 at most.
  const at = text.indexOf('@', 1);
  if (at === -1) return undefined;
  const run = endOfRun(text);
  // `.` matches no line terminator: the name cannot hold one.
  const lastBreak = Math.max(text.lastIndexOf('\n', last), text.lastIndexOf('\r', last), text.lastIndexOf('\u2028', last), text.lastIndexOf('\u2029', last));
  if (run < text.length) {
    const open = endOfSpace(text, run);
    if (text.charCodeAt(open) === 0x28 /* ( */ && at <= run - 2 && lastBreak < open) return { email: text.slice(0, run), name: text.slice(open + 1, last) };
  }
  // Else the email ends at the last `(` of the run that leaves it its `@`; an earlier `(` would only
  // give the name more characters, and the line break with them.
  const open = text.lastIndexOf('(', run - 1);
  if (open === -1 || open < at + 2 || lastBreak > open) return undefined;
  return { email: text.slice(0, open), name: text.slice(open + 1, last) };
}

/** The end of the run of non-space characters (`\S`) at the start of a text. */
function endOfRun(text: string): number {
  let i = 0;
  while (i < text.length && !isRegExpSpace(text.charCodeAt(i))) i++;
  return i;
}

/** The first non-space character from `from`. */
function endOfSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isRegExpSpace(text.charCodeAt(i))) i++;
  return i;
}
