import { formatMediaType, parseMediaType } from '../../src/http/media-type';
import { acceptedCharset, acceptedType } from '../../src/routing/accepted-type';

describe('acceptedType(range, named)', () => {
  it.each([
    ['text/markdown', false, 'text/markdown'],
    ['text/markdown;charset=ISO-8859-1', false, 'text/markdown; charset=iso-8859-1'],
    ['text/markdown;charset=latin1', false, 'text/markdown; charset=iso-8859-1'],
    ['text/markdown;charset=utf-16le', false, 'text/markdown; charset=utf-16le'],
    ['text/markdown;charset=x-unknown', false, undefined],
    ['text/markdown;variant=GFM', false, undefined],
    ['text/plain; charset=utf-8; x="a b;c"', false, undefined],
    ['text/html', false, undefined],
    ['text/html', true, 'text/html'],
    ['text/html;charset=utf-8', true, 'text/html; charset=utf-8'],
    ['text/html;charset=UTF8', true, 'text/html; charset=utf-8'],
    ['text/html;charset=utf-16le', true, undefined],
    ['text/html;charset=iso-8859-1', true, undefined],
    ['text/html; charset=utf-8; x="a b;c"', true, undefined],
    ['image/svg+xml', false, undefined],
    ['application/xhtml+xml', false, undefined],
    ['text/xml', false, undefined],
    ['text/javascript', false, undefined],
    ['text/css', false, undefined],
  ])('%s (named by produces: %s) → %s', (range, named, expected) => {
    const type = acceptedType(parseMediaType(range), named);
    expect(type === undefined ? undefined : formatMediaType(type)).toBe(expected);
  });
});

describe('acceptedCharset(offer, wanted)', () => {
  it.each([
    ['text/plain', 'ISO-8859-1', 'iso-8859-1'],
    ['text/plain', 'utf-16be', 'utf-16be'],
    ['text/plain', 'x-unknown', undefined],
    ['text/html', 'utf-8', 'utf-8'],
    ['text/html', 'utf-16le', undefined],
    ['application/xml', 'us-ascii', undefined],
  ])('%s in %s → %s', (offer, wanted, expected) => {
    expect(acceptedCharset(parseMediaType(offer), wanted)).toBe(expected);
  });
});
