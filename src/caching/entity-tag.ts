import crypto from 'node:crypto';
import etag from 'etag';

/** An entity tag (RFC 9110 section 8.8.3): the opaque text between the quotes, and whether it is weak. */
export interface EntityTag {
  readonly weak: boolean;
  readonly opaque: string;
}

/** The members of If-Match / If-None-Match: `*` (any current representation) or a list of tags. */
export type EntityTagList = '*' | readonly EntityTag[];

/**
 * Reads one entity tag at `start`: `[ W/ ] DQUOTE *etagc DQUOTE` (RFC 9110 section 8.8.3).
 * etagc is %x21 / %x23-7E / obs-text, so a comma may sit inside the quotes.
 */
function readTag(text: string, start: number): { tag: EntityTag; end: number } | undefined {
  let i = start;
  const weak = text.startsWith('W/', i);
  if (weak) i += 2;
  if (text.charCodeAt(i) !== 0x22) return undefined;
  const close = text.indexOf('"', i + 1);
  if (close < 0) return undefined;
  const opaque = text.slice(i + 1, close);
  for (let j = 0; j < opaque.length; j++) {
    const c = opaque.charCodeAt(j);
    if (c < 0x21 || c === 0x7f) return undefined;
  }
  return { tag: { weak, opaque }, end: close + 1 };
}

/** Parses an ETag field value; `undefined` when it is not exactly one entity tag. */
export function parseEntityTag(text: string | undefined): EntityTag | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const read = readTag(trimmed, 0);
  return read !== undefined && read.end === trimmed.length ? read.tag : undefined;
}

/** Formats an entity tag for an ETag field: `"xyz"` or `W/"xyz"`. */
export function formatEntityTag(tag: EntityTag): string {
  return `${tag.weak ? 'W/' : ''}"${tag.opaque}"`;
}

/**
 * Parses If-Match / If-None-Match (RFC 9110 sections 13.1.1 and 13.1.2): `*` or a comma-separated
 * list of entity tags. Members that are not entity tags are skipped; an absent field is `undefined`
 * (no condition), an empty one the empty list (section 5.6.1 allows it), which no tag matches: an
 * empty If-Match fails as `If-Match: ,` does.
 */
export function parseEntityTagList(header: string | undefined): EntityTagList | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '*') return '*';
  const tags: EntityTag[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x2c || c === 0x20 || c === 0x09) {
      i++;
      continue;
    }
    const read = readTag(text, i);
    if (read === undefined) {
      // Not an entity tag: skip to the next list member.
      const comma = text.indexOf(',', i);
      if (comma < 0) break;
      i = comma + 1;
      continue;
    }
    tags.push(read.tag);
    i = read.end;
  }
  return tags;
}

/** Strong comparison (RFC 9110 section 8.8.3.2): both strong and the same opaque text. */
export function strongMatch(a: EntityTag, b: EntityTag): boolean {
  return !a.weak && !b.weak && a.opaque === b.opaque;
}

/** Weak comparison (RFC 9110 section 8.8.3.2): the same opaque text, either or both may be weak. */
export function weakMatch(a: EntityTag, b: EntityTag): boolean {
  return a.opaque === b.opaque;
}

/**
 * Whether a condition list matches the current tag, with the given comparison. `*` matches any
 * current representation, so it needs `exists`.
 */
export function listMatches(
  list: EntityTagList,
  current: EntityTag | undefined,
  compare: (a: EntityTag, b: EntityTag) => boolean,
  exists = current !== undefined,
): boolean {
  if (list === '*') return exists;
  return current !== undefined && list.some((tag) => compare(tag, current));
}

/**
 * A strong ETag for a representation's bytes, in the `etag` package's format (the length in hex,
 * then the SHA-1 in base64 cut to 27 characters): identical bytes always give the identical tag,
 * which is what a strong validator promises (RFC 9110 section 8.8.3). Text stands for its UTF-8
 * bytes and gets their tag, without being encoded into a Buffer: a body the router sends as text
 * is tagged as the bytes that go on the wire.
 */
export function strongEntityTag(body: string | Buffer): string {
  if (oneShotHash === undefined) return etag(body, { weak: false });
  // Node's one-shot hash skips the Hash object (Node 20.12 and later); it hashes text as UTF-8.
  const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
  return `"${length.toString(16)}-${oneShotHash('sha1', body, 'base64').substring(0, 27)}"`;
}

const oneShotHash = (crypto as { hash?: (algorithm: string, data: string | Buffer, encoding: 'base64') => string }).hash;
