/** The mapping attributes of the specification, as declared (strings). */
export interface MappingAttributes {
  /** The path template, such as `/users/{id}`; joined after the router's prefix. */
  readonly path?: string;
  /** The request methods answered (RFC 9110 section 9); any method when absent. */
  readonly method?: string | readonly string[];
  /** Query parameter conditions: `name`, `!name`, `name=value` or `name!=value`, all of which must hold. */
  readonly params?: string | readonly string[];
  /** Request header conditions in the same forms as `params`; `Content-Type`/`Accept` ones become `consumes`/`produces`. */
  readonly headers?: string | readonly string[];
  /** The media types of request bodies accepted (`Content-Type`, RFC 9110 section 8.3); `!type` excludes one. */
  readonly consumes?: string | readonly string[];
  /** The media types the route can answer in, negotiated against `Accept` (RFC 9110 section 12.5.1). */
  readonly produces?: string | readonly string[];
}
