import { headResponseDescribes, notModifiedIdentifies } from '../../src/caching/freshening';

const LM = 'Wed, 01 Jan 2025 11:00:00 GMT';
const LATER = 'Wed, 01 Jan 2025 11:30:00 GMT';

describe('which stored response a 304 to the cache\'s own validation identifies (RFC 9111 section 4.3.4)', () => {
  it.each([
    ['the same strong tag', { etag: '"a"', lastModified: undefined }, { etag: '"a"' }, true],
    ['another strong tag', { etag: '"a"', lastModified: undefined }, { etag: '"b"' }, false],
    ['a strong tag when the stored response has none', { etag: undefined, lastModified: LM }, { etag: '"a"' }, false],
    ['a strong tag against the weak one of the same text', { etag: 'W/"a"', lastModified: undefined }, { etag: '"a"' }, false],
    ['a weak tag matching weakly', { etag: '"a"', lastModified: undefined }, { etag: 'W/"a"' }, true],
    ['a weak tag of another text', { etag: 'W/"a"', lastModified: undefined }, { etag: 'W/"b"' }, false],
    ['a tag that is not an entity tag', { etag: '"a"', lastModified: undefined }, { etag: 'a' }, false],
    ['a tag deciding over a matching Last-Modified', { etag: '"a"', lastModified: LM }, { etag: '"b"', 'last-modified': LM }, false],
    ['no tag and the same Last-Modified', { etag: undefined, lastModified: LM }, { 'last-modified': LM }, true],
    ['no tag and a later Last-Modified', { etag: undefined, lastModified: LM }, { 'last-modified': LATER }, false],
    ['no tag and a Last-Modified when the stored response has only a tag', { etag: '"a"', lastModified: undefined }, { 'last-modified': LM }, false],
    ['no validator when the stored response has one', { etag: '"a"', lastModified: LM }, {}, false],
    ['no validator when the stored response has none either', { etag: undefined, lastModified: undefined }, {}, true],
  ])('%s', (_name, stored, notModified, expected) => {
    expect(notModifiedIdentifies(stored, notModified)).toBe(expected);
  });
});

describe('whether a 200 to HEAD describes a stored GET response (RFC 9111 section 4.3.5)', () => {
  const stored = { etag: '"a"', lastModified: LM, contentLength: 10 };
  it.each([
    ['the same tag, Last-Modified and length', { etag: '"a"', 'last-modified': LM, 'content-length': '10' }, true],
    ['the same tag, no length', { etag: '"a"' }, true],
    ['the same Last-Modified, no tag', { 'last-modified': LM }, true],
    ['another tag', { etag: '"b"', 'content-length': '10' }, false],
    ['the same tag and another Last-Modified', { etag: '"a"', 'last-modified': LATER }, false],
    ['the same tag and another length', { etag: '"a"', 'content-length': '11' }, false],
    ['no validator at all', { 'content-length': '10' }, false],
  ])('%s', (_name, head, expected) => {
    expect(headResponseDescribes(stored, head)).toBe(expected);
  });
});
