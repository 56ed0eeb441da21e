/**
 * `X-Content-Type-Options: nosniff` (WHATWG Fetch, section 3.5.7 "X-Content-Type-Options"): a
 * browser takes the Content-Type as sent instead of guessing one from the bytes, so a body labelled
 * `text/plain` or `application/octet-stream` that starts with `<html>` is never rendered as HTML,
 * and a script or style sheet is loaded only under a type that names one. The labels this library
 * writes are chosen to be safe (issue 18); sniffing would undo that choice.
 */
export const CONTENT_TYPE_OPTIONS: readonly [name: string, value: string] = Object.freeze(['X-Content-Type-Options', 'nosniff'] as const);

/** The lower-case name of {@link CONTENT_TYPE_OPTIONS}, as header maps key it. */
export const NOSNIFF_FIELD = CONTENT_TYPE_OPTIONS[0].toLowerCase();
