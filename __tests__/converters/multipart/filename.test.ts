import { MAX_FILENAME_LENGTH, sanitiseFilename } from '../../../src/converters';

describe('sanitiseFilename(name, maxLength)', () => {
  it.each([
    ['a plain name', 'cover.png', 'cover.png'],
    ['a Unix path', '../../etc/passwd', 'passwd'],
    ['an absolute Unix path', '/var/www/index.html', 'index.html'],
    ['a Windows path', 'C:\\Users\\ada\\photo.jpg', 'photo.jpg'],
    ['a mixed path', 'a/b\\c/d.txt', 'd.txt'],
    ['a path ending in a separator', 'folder/', ''],
    ['dot segments only', '..', ''],
    ['a hidden-file dot', '.htaccess', 'htaccess'],
    ['trailing dots and spaces (Windows drops them)', 'report.pdf. . ', 'report.pdf'],
    ['control characters', 'a\u0000b\r\nc\u001b[31m.txt', 'abc[31m.txt'],
    ['DEL and C1 controls', 'a\u007fb\u0085c.txt', 'abc.txt'],
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['bidirectional isolates', 'a\u2066b\u2069.txt', 'ab.txt'],
    ['decomposed accents (normalised to NFC)', 'cafe\u0301.txt', 'caf\u00e9.txt'],
    ['non-Latin letters, kept', '写真.jpg', '写真.jpg'],
    ['an empty name', '', ''],
  ])('keeps what is safe of %s', (_case, name, expected) => {
    expect(sanitiseFilename(name)).toBe(expected);
  });

  it.each([
    ['cuts a long name to the limit, keeping its extension', `${'a'.repeat(300)}.png`, 20, `${'a'.repeat(16)}.png`],
    ['cuts a long name without an extension', 'b'.repeat(300), 10, 'b'.repeat(10)],
    ['counts code points, never splitting a surrogate pair', '😀'.repeat(30), 5, '😀'.repeat(5)],
    ['does not keep an extension as long as the limit', `x.${'e'.repeat(10)}`, 4, 'x.ee'],
  ])('%s', (_case, name, max, expected) => {
    expect(sanitiseFilename(name, max)).toBe(expected);
  });

  it(`keeps ${MAX_FILENAME_LENGTH} code points by default`, () => {
    expect([...sanitiseFilename('n'.repeat(1000))]).toHaveLength(MAX_FILENAME_LENGTH);
  });
});
