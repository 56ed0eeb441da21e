import { rendersActively } from '../../src/http/active-content';
import { parseMediaType } from '../../src/http/media-type';

describe('rendersActively(mediaType)', () => {
  it.each([
    ['text/html', true],
    ['TEXT/HTML; charset=utf-8', true],
    ['application/xhtml+xml', true],
    ['image/svg+xml', true],
    ['application/xml', true],
    ['text/xml', true],
    ['application/atom+xml', true],
    ['application/problem+xml', true],
    ['text/xsl', true],
    ['application/xml-dtd', true],
    ['text/javascript', true],
    ['application/javascript', true],
    ['text/x-ecmascript', true],
    ['text/css', true],
    ['application/pdf', true],
    ['multipart/x-mixed-replace', true],
    ['text/plain', false],
    ['text/markdown', false],
    ['text/csv', false],
    ['application/json', false],
    ['application/problem+json', false],
    ['application/octet-stream', false],
    ['image/png', false],
    ['application/x-www-form-urlencoded', false],
  ])('%s → %s', (type, active) => {
    expect(rendersActively(parseMediaType(type))).toBe(active);
  });
});
