/**
 * The type of fastify's `fast-decode-uri-component` (1.0, which ships none): `decodeURIComponent`
 * as a UTF-8 state machine that answers `null` where the native one throws.
 */
declare module 'fast-decode-uri-component' {
  /** `text` percent-decoded as UTF-8; `null` for an escape that is not `%XX` or bytes that are not UTF-8. */
  function decodeURIComponent(text: string): string | null;
  export = decodeURIComponent;
}
