/**
 * A parsed media type (RFC 9110 section 8.3.1). `type` and `subtype` are lower-case; parameter
 * names are lower-case, values are kept as sent (charset is compared case-insensitively).
 */
export interface MediaType {
  /** The top-level type, lower case (`application`; RFC 9110 section 8.3.1). */
  readonly type: string;
  /** The subtype, lower case (`json`). */
  readonly subtype: string;
  /** The parameters, names lower case (`{ charset: 'utf-8' }`). */
  readonly parameters: Readonly<Record<string, string>>;
}
