/**
 * Whether a request's raw header lines give Content-Type more than once, which they may not
 * (RFC 9110 section 5.3): node keeps the first and drops the others, where another hop may have
 * read the last.
 */
export function hasRepeatedContentType(rawHeaders: readonly string[]): boolean {
  let seen = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length !== 12 || name.toLowerCase() !== 'content-type') continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}
