import { PathTemplateError, comparePathTemplates, joinTemplates, parsePathTemplate } from '../../src/routing/path-template';

describe('parsePathTemplate(template)', () => {
  describe('when the template is well formed', () => {
    it.each([
      ['', '/', [], []],
      ['/', '/', [], []],
      ['/cars', '/cars', [{ kind: 'literal', text: 'cars' }], []],
      ['/cars/', '/cars', [{ kind: 'literal', text: 'cars' }], []],
      ['/cars/{id}', '/cars/{id}', [{ kind: 'literal', text: 'cars' }, { kind: 'placeholder', name: 'id' }], ['id']],
      ['/files/{*rest}', '/files/{*rest}', [{ kind: 'literal', text: 'files' }, { kind: 'catch-all', name: 'rest' }], ['rest']],
      ['/{a}/{b}', '/{a}/{b}', [{ kind: 'placeholder', name: 'a' }, { kind: 'placeholder', name: 'b' }], ['a', 'b']],
      ['/{$x_1}', '/{$x_1}', [{ kind: 'placeholder', name: '$x_1' }], ['$x_1']],
    ])('should parse %j into %j', (template, text, segments, names) => {
      const parsed = parsePathTemplate(template);
      expect(parsed.text).toBe(text);
      expect(parsed.segments).toEqual(segments);
      expect(parsed.names).toEqual(names);
    });

    it.each([
      ['/cars/{id:\\d+}', '\\d+', ['42'], ['x', '4x', '']],
      ['/zip/{code:\\d{5}}', '\\d{5}', ['12345'], ['1234', '123456']],
      ['/x/{v:a|b}', 'a|b', ['a', 'b'], ['ab', 'c']],
      ['/x/{v:[a-z]+}', '[a-z]+', ['abc'], ['ABC', 'a1']],
    ])('should compile the pattern of %j and anchor it to the whole segment', (template, source, accepted, rejected) => {
      const segment = parsePathTemplate(template).segments.at(-1)!;
      expect(segment).toMatchObject({ kind: 'placeholder', source });
      const pattern = (segment as { pattern: RegExp }).pattern;
      for (const text of accepted) expect(pattern.test(text)).toBe(true);
      for (const text of rejected) expect(pattern.test(text)).toBe(false);
    });
  });

  describe('when the template is malformed', () => {
    it.each([
      ['cars', "must start with '/'"],
      ['/cars//{id}', 'empty segment'],
      ['/cars/{id', "unclosed '{'"],
      ['/cars/id}', 'must fill its whole segment'],
      ['/cars/x{id}', 'must fill its whole segment'],
      ['/cars/{id}.json', 'must fill its whole segment'],
      ['/cars/{}', 'not a valid placeholder name'],
      ['/cars/{1id}', "'1id' is not a valid placeholder name"],
      ['/cars/{my-id}', 'not a valid placeholder name'],
      ['/{id}/{id}', "placeholder 'id' appears twice"],
      ['/{id}/{*id}', "placeholder 'id' appears twice"],
      ['/files/{*rest}/x', "catch-all '{*rest}' must be the last segment"],
      ['/files/{*rest:.*}', 'takes no pattern'],
      ['/cars/{id:}', 'empty pattern'],
      ['/cars/{id:[}', 'invalid pattern'],
      ['/cars/{id:(}', 'invalid pattern'],
      ['/cars;color=red', "';' is reserved for matrix variables"],
    ])('should reject %j with a message saying %j', (template, reason) => {
      expect(() => parsePathTemplate(template)).toThrow(PathTemplateError);
      expect(() => parsePathTemplate(template)).toThrow(reason);
      expect(() => parsePathTemplate(template)).toThrow(`'${template}'`);
    });

    it.each([
      ['/users/:id', "did you mean '/users/{id}'?"],
      ['/orgs/:org/repos/:repo', "did you mean '/orgs/{org}/repos/{repo}'?"],
      ['/files/*rest', "did you mean '/files/{*rest}'?"],
      ['/users/:id/', "did you mean '/users/{id}'?"],
    ])("should reject Express's placeholder syntax in %j, saying %j", (template, suggestion) => {
      expect(() => parsePathTemplate(template)).toThrow(PathTemplateError);
      expect(() => parsePathTemplate(template)).toThrow(suggestion);
    });

    it.each([
      ['/time/%3Anow', ':now'],
      ['/glob/%2Aall', '*all'],
      ['/a/b:c', 'b:c'],
    ])('should keep %j a literal (segment %j): only a whole :name or *name segment is refused', (template, literal) => {
      expect(parsePathTemplate(template).segments.at(-1)).toEqual({ kind: 'literal', text: literal });
    });

    it('should reject a template that is not a string', () => {
      expect(() => parsePathTemplate(42 as unknown as string)).toThrow('a path must be a string');
    });
  });

  describe('shape key', () => {
    it.each([
      ['/cars/{id}', '/cars/{name}', true],
      ['/cars/{id:\\d+}', '/cars/{n:\\d+}', true],
      ['/files/{*rest}', '/files/{*path}', true],
      ['/cars/{id}', '/cars/{id:\\d+}', false],
      ['/cars/{id}', '/cars/{*id}', false],
      ['/cars/{id}', '/cars/id', false],
      ['/cars', '/cars/', true],
    ])('%j and %j have the same shape: %s', (a, b, same) => {
      expect(parsePathTemplate(a).shapeKey === parsePathTemplate(b).shapeKey).toBe(same);
    });
  });
});

describe('joinTemplates(prefix, path)', () => {
  it.each([
    ['', '/cars', '/cars'],
    ['/', '/cars', '/cars'],
    ['', '', '/'],
    ['/api', '/cars', '/api/cars'],
    ['/api/', '/cars', '/api/cars'],
    ['/api', '/', '/api'],
    ['/api', '', '/api'],
  ])('should join %j and %j into %j', (prefix, path, joined) => {
    expect(joinTemplates(prefix, path)).toBe(joined);
  });
});

describe('comparePathTemplates(a, b)', () => {
  const sign = (a: string, b: string): number => Math.sign(comparePathTemplates(parsePathTemplate(a), parsePathTemplate(b)));

  describe('when a is more specific than b', () => {
    it.each([
      ['/cars/new', '/cars/{id}', 'a literal beats a placeholder'],
      ['/cars/{id:\\d+}', '/cars/{id}', 'a constrained placeholder beats a plain one'],
      ['/cars/{id}', '/cars/{*rest}', 'a placeholder beats a catch-all'],
      ['/a/b/c/d/{x}', '/a/{*rest}', 'no catch-all beats a catch-all, whatever the lengths'],
      ['/{a}/{b}', '/x/{*rest}', 'no catch-all beats a catch-all, even with more placeholders'],
      ['/cars/{id}/wheels', '/cars/{id}/{part}', 'fewer placeholders first'],
      ['/files/x/{*rest}', '/files/{*rest}', 'between catch-alls, the first differing segment decides'],
      ['/a/{x}/c', '/{y}/b/c', 'at the first differing segment, a literal beats a placeholder'],
    ])('should order %j before %j (%s)', (a, b) => {
      expect(sign(a, b)).toBe(-1);
      expect(sign(b, a)).toBe(1);
    });
  });

  it.each([
    ['/cars/{id}', '/cars/{name}'],
    ['/files/{*rest}', '/files/{*path}'],
    ['/cars', '/cars'],
  ])('should compare %j and %j, of the same shape, as equal', (a, b) => {
    expect(sign(a, b)).toBe(0);
  });
});
