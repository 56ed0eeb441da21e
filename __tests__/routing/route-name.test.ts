import { parsePathTemplate } from '../../src/routing/path-template';
import { routeName } from '../../src/routing/route-name';

describe('routeName(template)', () => {
  it.each([
    ['/users/{id}', '/users/{id}'],
    ['/users/{id:\\d+}', '/users/{id}'],
    ['/users/{id:(?!(?:search|feed)$)[\\w.~-]+}/avatar', '/users/{id}/avatar'],
    ['/files/{*rest}', '/files/{*rest}'],
    ['/', '/'],
    ['/bookcase', '/bookcase'],
  ])('names %s as %s', (template, name) => expect(routeName(parsePathTemplate(template))).toBe(name));
});
