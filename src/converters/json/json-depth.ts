/**
 * The offset of the first `[` or `{` that opens a level deeper than `maxDepth`, or -1. One pass
 * over the text that skips string contents; it runs before `JSON.parse`, so a body such as a
 * megabyte of `[` is refused without building anything. A string's end is found with `indexOf`:
 * most of a large JSON body is string contents, skipped without a step of JavaScript per
 * character. (No regular expression: V8 would keep the last text one matched alive.)
 */
export function jsonDepthViolation(text: string, maxDepth: number): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = stringEnd(text, i);
      if (i === -1) return -1;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return -1;
}

/**
 * The offset of the quote that closes the string opened at `open`, or -1. A quote is escaped when
 * an odd number of backslashes precede it (escapes pair up from the start of the string).
 */
function stringEnd(text: string, open: number): number {
  for (let from = open + 1; ; ) {
    const quote = text.indexOf('"', from);
    if (quote === -1) return -1;
    let backslashes = 0;
    for (let k = quote - 1; k > open && text.charCodeAt(k) === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

// Any spelling JSON.parse could turn into a forbidden key: the plain names, or any escape at all.
const SUSPICIOUS = /__proto__|constructor|prototype|\\u/;

/** Whether the text might contain a forbidden key, so that parsing needs the (slower) reviver. */
export function mayContainForbiddenKey(text: string): boolean {
  return SUSPICIOUS.test(text);
}
