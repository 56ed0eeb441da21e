import { compileFormats, queryFormat, withoutExtension } from '../../src/http/format-override';
import { parseQuery } from '../../src/http/query-parameters';
import { splitRequestPath } from '../../src/http/request-path';

const formats = compileFormats({ extension: true });

describe('withoutExtension(override, segments)', () => {
  it.each<[string, string | undefined, string | undefined]>([
    ['/users/7.xml', 'xml', '/users/7'],
    ['/users/7.XML', 'xml', '/users/7'],
    ['/users/7.tar.json', 'json', '/users/7.tar'],
    ['/users/7.xml;a=1', 'xml', '/users/7'],
    ['/users/7.v2', undefined, undefined],
    ['/users/7', undefined, undefined],
    ['/users/.xml', undefined, undefined],
    ['/users/7.', undefined, undefined],
    ['/', undefined, undefined],
  ])('%s names %j, matched as %j', (path, name, stripped) => {
    const found = withoutExtension(formats, splitRequestPath(path));
    expect(found?.name).toBe(name);
    expect(found === undefined ? undefined : `/${found.segments.map((s) => s.text).join('/')}`).toBe(stripped);
  });

  it('keeps the matrix parameters of the segment it shortens', () => {
    expect(withoutExtension(formats, splitRequestPath('/cars/7.xml;color=red'))?.segments.at(-1)).toEqual({ text: '7', raw: '7', matrix: 'color=red' });
  });
});

describe('queryFormat(override, query)', () => {
  it.each<[string, string]>([
    ['', 'none'],
    ['format=', 'none'],
    ['format=&format=xml', 'format:xml'],
    ['format=XML', 'format:xml'],
    ['format=json&format=xml', 'format:json'],
    ['format=yaml', 'unknown:yaml'],
    ['other=xml', 'none'],
  ])('reads ?%s as %s', (search, expected) => {
    const found = queryFormat(formats, parseQuery(search));
    expect(found.kind === 'none' ? 'none' : `${found.kind}:${found.name}`).toBe(expected);
  });

  it('reads nothing with query: false', () => {
    expect(queryFormat(compileFormats({ query: false }), parseQuery('format=xml'))).toEqual({ kind: 'none' });
  });
});
