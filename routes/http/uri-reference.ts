/** Characters a URI may hold as they are (RFC 3986 section 2: unreserved, reserved, and `%` before two hex digits). */
const NOT_IN_URI = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu;

/**
 * A request path as a URI reference that can go in a header (`Link: <...>`): every character a URI
 * cannot hold is percent-encoded as UTF-8, so `<`, `>`, `"`, spaces and a stray `%` cannot end the
 * reference early or change the header (RFC 8288 section 3). What is already valid stays as it is.
 */
export function uriReference(path: string): string {
  return path.replace(NOT_IN_URI, (character) => {
    let encoded = '';
    for (const byte of Buffer.from(character, 'utf8')) encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return encoded;
  });
}
