/**
 * The inputs of the hostile case (issue 17): each built to make a reader backtrack, rescan or copy,
 * at the size the server lets it reach (the 1 MiB body limit, or what fits in node's 16 KiB of
 * request head), beside the well-formed request of the same route and size it is measured against.
 */
import type { Bookcase } from '../routes/model/bookcase';
import { toXml } from '../src/converters/xml/xml-writing';
import { MAX_RANGES } from '../src/http/accept-header';

/** What fits in one header field under node's 16 KiB limit for the whole head. */
const FIELD_BYTES = 14_000;
/** Bodies stay under the router's 1 MiB default limit with room for their framing. */
const BODY_BYTES = 1_000_000;

/** A bookcase whose XML is just under the 1 MiB body limit (its JSON about 0.8 MB): 5,800 books. */
export const LARGE_BOOKCASE: Bookcase = {
  name: 'Library',
  books: Array.from({ length: 5800 }, (_, i) => ({
    isbn: String(9780000000000 + i),
    title: `A book on the shelf, volume ${i} of a very long series of books`,
    author: `Author number ${i % 500}`,
    year: 1900 + (i % 120),
  })),
};
export const LARGE_BOOKCASE_JSON = JSON.stringify(LARGE_BOOKCASE);

/** The same bookcase in XML, as the service's XML representation writes it. */
export const LARGE_BOOKCASE_XML = `<?xml version="1.0" encoding="UTF-8"?>${toXml(LARGE_BOOKCASE, 'bookcase')}`;

/**
 * Finding 1: a start tag with two attributes and then a megabyte of name characters never followed
 * by `="..."`, which a backtracking attribute scan rescans from every position.
 */
export const XML_ATTRIBUTE_RUN = (() => {
  const head = '<bookcase a="1" b="2" ';
  return `${head}${'d'.repeat(BODY_BYTES - head.length - 2)}/>`;
})();

/** Finding 2: 1,000 `move`s of the first book to the end (the bookcase keeps its size). */
export const PATCH_MOVES = JSON.stringify(Array.from({ length: 1000 }, () => ({ op: 'move', from: '/books/0', path: '/books/-' })));
/** One operation on the same document: what a normal patch costs. */
export const PATCH_ONE = JSON.stringify([{ op: 'replace', path: '/name', value: 'Library' }]);

/** Finding 3: a Host holding a path and a fragment, which keyed another resource's copy. */
export const HOST_WITH_PATH = '127.0.0.1:1/users/2#';

/** Finding 4: 14 KB of invalid ranges, each of which used to throw twice. */
export const ACCEPT_INVALID_RANGES = Array.from({ length: FIELD_BYTES / 2 }, () => 'x').join(',');

/**
 * Finding 4: 1,300 valid ranges for a route without `produces`, none of which an offer matches but
 * the range of all types, as the last member read (the 64th, `MAX_RANGES`).
 */
export const ACCEPT_MANY_RANGES = Array.from({ length: 1300 }, (_, i) => (i === MAX_RANGES - 1 ? '*/*;q=0.1' : `text/t${i}`)).join(',');

/** Finding 5: a Content-Type with parameters filling the field, each one distinct. */
export const CONTENT_TYPE_MANY_PARAMETERS = `application/json; ${Array.from({ length: Math.floor(FIELD_BYTES / 9) }, (_, i) => `p${i}=v`).join('; ')}`;

/** Finding 6: a long run of digits that a backtracking number pattern splits every way before failing. */
export const NUMBER_DIGITS_RUN = `${'1'.repeat(FIELD_BYTES)}x`;

/** The boundary of the multipart bodies below. */
export const MULTIPART_BOUNDARY = 'bench-boundary';
const delimiter = `--${MULTIPART_BOUNDARY}\r\n`;
const closing = `--${MULTIPART_BOUNDARY}--\r\n`;
/** Parts repeated to fill the body limit, then the closing delimiter. */
const manyParts = (part: string): string => `${`${delimiter}${part}\r\n`.repeat(Math.floor((BODY_BYTES - closing.length) / (delimiter.length + part.length + 2)))}${closing}`;

/** Issue 33: a megabyte of empty parts without Content-Disposition, which no field or file limit counted. */
export const MULTIPART_EMPTY_PARTS = manyParts('Content-Type: text/plain\r\n');
/** Issue 33: a megabyte of empty parts without a name (RFC 7578 section 4.2), which ended the process. */
export const MULTIPART_NAMELESS_PARTS = manyParts('Content-Disposition: form-data\r\n');
/** A normal upload of the same size: one file. */
export const MULTIPART_ONE_FILE = (() => {
  const head = `${delimiter}Content-Disposition: form-data; name="file"; filename="file.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return `${head}${'f'.repeat(BODY_BYTES - head.length - 2 - closing.length)}\r\n${closing}`;
})();
/** A 1 MiB JSON bookcase with one `\\u` escape, which made the JSON reader parse every member through a reviver. */
export const LARGE_BOOKCASE_JSON_ESCAPED = LARGE_BOOKCASE_JSON.replace('"Library"', '"Libr\\u00e4ry"');

/** A Cookie field as a browser sends it, with the session cookie a route binds. */
export const NORMAL_COOKIE = 'session=abc123; theme=dark; lang=en';

/**
 * Finding 7: cookies whose values hold a `%` that does not decode, each of which threw a URIError,
 * around the session cookie: 199 of them with it (the 200 a route reads by default), and 1,600
 * (10 KB), which the route refuses with 431 before reading any.
 */
const badCookies = (count: number): string[] => Array.from({ length: count }, (_, i) => `${i.toString(36)}=%`);
export const COOKIES_BAD_PERCENT = [...badCookies(100), 'session=abc123', ...badCookies(99)].join('; ');
export const COOKIES_TOO_MANY = ['session=abc123', ...badCookies(1599)].join('; ');

/** Arrays nested 1 to 61 deep in turn (`[]`, `[[]]`, ...), `count` of them in all, separated by commas. */
export function nestedArrays(count: number): string {
  const items: string[] = [];
  for (let left = count, depth = 1; left > 0; depth = (depth % 61) + 1) {
    const levels = Math.min(depth, left);
    items.push(`${'['.repeat(levels)}${']'.repeat(levels)}`);
    left -= levels;
  }
  return items.join(',');
}

/**
 * Issue 33: a megabyte of arrays nested 1 to 61 deep (within the depth limit), 491,661 of them,
 * each an allocation for the parser: refused by the structure limit before it is parsed. (Each
 * round of 1 to 61 is 1,891 arrays in 3,843 bytes.)
 */
export const NESTED_ARRAYS_JSON = `[${nestedArrays(Math.floor((BODY_BYTES - 100) / 3843) * 1891)}]`;
