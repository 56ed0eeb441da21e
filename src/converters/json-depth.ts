/**
 * The offset of the first `[` or `{` that opens a level deeper than `maxDepth`, or -1. One pass
 * over the text that skips string contents; it runs before `JSON.parse`, so a body such as a
 * megabyte of `[` is refused without building anything.
 */
export function jsonDepthViolation(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return -1;
}

// Any spelling JSON.parse could turn into a forbidden key: the plain names, or any escape at all.
const SUSPICIOUS = /__proto__|constructor|prototype|\\u/;

/** Whether the text might contain a forbidden key, so that parsing needs the (slower) reviver. */
export function mayContainForbiddenKey(text: string): boolean {
  return SUSPICIOUS.test(text);
}
