/**
 * Response fields about the representation a response carries, its validators and its caching
 * (RFC 9110 sections 8 and 10.2, RFC 9111 section 5), by lower-case name. They belong to one
 * representation: a problem document written in place of it drops them, and a stored response
 * answered from a cache brings its own. Any other field the app's middleware set on the exchange
 * (CORS, HSTS, a request id) belongs to the exchange and stays.
 */
export const REPRESENTATION_FIELDS: ReadonlySet<string> = new Set([
  'content-type', 'content-length', 'content-encoding', 'content-language', 'content-location', 'content-range',
  'content-disposition', 'etag', 'last-modified', 'expires', 'cache-control', 'age', 'vary', 'location',
  'allow', 'accept-ranges', 'accept-post', 'accept-patch', 'link', 'retry-after', 'transfer-encoding',
]);
