import { PathExpansionError, expandTemplate } from '../../src/routing/path-expansion';
import * as templates from '../../src/routing/path-template';

describe('expandTemplate(template, values)', () => {
  describe('when every placeholder has a value', () => {
    it.each([
      ['', {}, ''],
      ['/', {}, ''],
      ['/users', {}, '/users'],
      ['/users/{id}', { id: 7 }, '/users/7'],
      ['/users/{id}', { id: '7' }, '/users/7'],
      ['/users/{id}/books/{isbn}', { id: 'ann', isbn: '978-3' }, '/users/ann/books/978-3'],
      // RFC 3986 section 3.3: a value stays within its segment, and out of the matrix variables.
      ['/users/{id}', { id: 'a/b' }, '/users/a%2Fb'],
      ['/users/{id}', { id: 'a;color=red' }, '/users/a%3Bcolor%3Dred'],
      ['/users/{id}', { id: 'a b?c#d%e' }, '/users/a%20b%3Fc%23d%25e'],
      ['/users/{id}', { id: 'zoë' }, '/users/zo%C3%AB'],
      ['/files/{*rest}', { rest: 'docs/a b/c.txt' }, '/files/docs/a%20b/c.txt'],
      ['/cars/{id:\\d+}', { id: 42 }, '/cars/42'],
      // A literal declared percent-encoded is matched decoded, and written encoded again.
      ['/caf%C3%A9/{id}', { id: 1 }, '/caf%C3%A9/1'],
    ])('expands %j with %j into %j', (template, values, path) => {
      expect(expandTemplate(template, values)).toBe(path);
    });

    it('ignores values no placeholder names', () => {
      expect(expandTemplate('/users/{id}', { id: 1, other: 2 })).toBe('/users/1');
    });
  });

  describe('when a value is missing or would not reach the route', () => {
    it.each([
      ['/users/{id}', {}, "no value for '{id}'"],
      ['/users/{id}', { id: undefined }, "no value for '{id}'"],
      ['/users/{id}', { id: { toString: (): string => '1' } }, "no value for '{id}'"],
      ['/users/{id}', { id: '' }, "the value of '{id}' is empty"],
      ['/cars/{id:\\d+}', { id: 'x1' }, "'x1' does not match the pattern of '{id:\\d+}'"],
      ['/users/{constructor}', {}, "no value for '{constructor}'"],
    ])('refuses %j with %j: %s', (template, values, reason) => {
      expect(() => expandTemplate(template, values as Record<string, unknown>)).toThrow(PathExpansionError);
      expect(() => expandTemplate(template, values as Record<string, unknown>)).toThrow(reason);
    });

    it('refuses a malformed template as the router does', () => {
      expect(() => expandTemplate('users/{id}', { id: 1 })).toThrow("a path must start with '/'");
    });
  });

  it('parses a template once however often it is expanded', () => {
    const parse = jest.spyOn(templates, 'parsePathTemplate');
    for (let i = 0; i < 3; i++) expect(expandTemplate('/counted/{id}', { id: i })).toBe(`/counted/${i}`);
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });
});
