import { z } from 'zod';

/**
 * Characters a name or a title is made of: anything but control characters (C0, DEL), U+FFFE and
 * U+FFFF. XML 1.0 (and so the XML, Atom and RSS representations) cannot carry C0 controls at all,
 * and a user's name has no use for any of them. The two noncharacters are in the pattern as
 * themselves, not as `\uFFFE` escapes: ECMA-262, Rust, Go and Python read `\x00` alike, but not
 * `\u` (Go has none), so the pattern the OpenAPI document carries means the same to every engine.
 */
const PLAIN_TEXT = new RegExp('^[^\\x00-\\x1F\\x7F\uFFFE\uFFFF]*$');

/** A surrogate outside a pair: in `u` mode a pair is one code point, so only a lone one is `Cs`. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A non-empty text of at most `max` characters that every representation of the service can carry.
 * A surrogate outside a pair (`"\ud800"` in JSON) is refused too: no UTF-8 or XML can carry it. No
 * JSON Schema engine can say so portably (Rust's and Go's strings cannot even hold one), so that
 * rule is a refinement, which the document states in words.
 */
export function plainText(max: number): z.ZodString {
  return z
    .string()
    .min(1)
    .max(max)
    .regex(PLAIN_TEXT, 'text without control characters')
    .refine((text) => !LONE_SURROGATE.test(text), 'text without unpaired surrogates')
    .describe('Text without control characters (C0, DEL), U+FFFE, U+FFFF or unpaired surrogates.');
}
