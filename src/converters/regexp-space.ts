/**
 * Whether a UTF-16 code unit is what `\s` matches in a regular expression: ECMAScript WhiteSpace
 * and LineTerminator (ECMA-262 sections 12.2 and 12.3), wider than XML's four (XML 1.0 production
 * [3] S). Scanners that replaced a regular expression read whitespace as it did.
 */
export function isRegExpSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
