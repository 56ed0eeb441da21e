import { type BindingOptions, type BindingSource, type CompiledBinding, InvalidBinding, bindingProblem, compileBinding, resolveBinding, splitList } from '../../src/binding/value-binding';
import { HttpError } from '../../src/errors/http-error';
import { ProblemType } from '../../src/errors/problem-types';
import { MAX_QUOTED_LENGTH } from '../../src/errors/quoted-input';

const resolve = (options: BindingOptions, values: string[] | undefined, source: BindingSource = 'query') =>
  resolveBinding(compileBinding(source, 'page', options), values);

function failure(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('compileBinding(source, name, options)', () => {
  it.each<[BindingOptions, boolean]>([
    [{}, true],
    [{ required: true }, true],
    [{ required: false }, false],
    [{ defaultValue: '1' }, false],
    [{ required: true, defaultValue: '1' }, false],
  ])('should settle %j as required: %s (required by default, as in Spring)', (options, required) => {
    expect(compileBinding('query', 'page', options).required).toBe(required);
  });

  it('should look header names up in lower case but keep the declared name as the key', () => {
    expect(compileBinding('header', 'X-Confirm')).toMatchObject({ name: 'x-confirm', key: 'X-Confirm' });
  });

  it.each<[string, BindingOptions, string]>([
    ['', {}, 'needs a name'],
    ['page', { type: 'date' as never }, "Unknown type 'date' for query parameter 'page'"],
    ['page', { type: 'integer', defaultValue: 'one' }, "The default value 'one' of query parameter 'page' is not an integer"],
    ['size', { type: 'integer', defaultValue: '0', min: 1, max: 100 }, "The default value '0' of query parameter 'size' is outside 1..100"],
    ['size', { type: 'number', defaultValue: '7.5', max: 5 }, "The default value '7.5' of query parameter 'size' is outside -∞..5"],
    ['size', { type: 'integer', min: 10, max: 1 }, "The range of query parameter 'size' is empty: min 10 is above max 1"],
    // A default in the binding's own type must be one, as a request's value must.
    ['page', { type: 'integer', defaultValue: 1.5 }, "The default value 1.5 of query parameter 'page' is not an integer"],
    ['page', { type: 'integer', defaultValue: true }, "The default value true of query parameter 'page' is not an integer"],
    ['page', { type: 'integer', defaultValue: 0, min: 1 }, "The default value 0 of query parameter 'page' is outside 1..∞"],
    ['page', { type: 'number', defaultValue: Number.NaN }, "The default value NaN of query parameter 'page' is not a number"],
    ['debug', { type: 'boolean', defaultValue: 1 }, "The default value 1 of query parameter 'debug' is not a boolean"],
    ['name', { defaultValue: 1 }, "The default value 1 of query parameter 'name' is not a string"],
  ])('should reject %j with %j', (name, options, message) => {
    expect(() => compileBinding('query', name, options)).toThrow(message);
  });
});

describe('resolveBinding(binding, values)', () => {
  describe('when the value is present', () => {
    it.each<[BindingOptions, string[], unknown]>([
      [{}, ['2'], '2'],
      [{ type: 'integer' }, ['2'], 2],
      [{ type: 'number' }, ['2.5'], 2.5],
      [{ type: 'boolean' }, ['true'], true],
      [{ type: 'integer', array: true }, ['1', '2'], [1, 2]],
      [{ array: true }, ['a'], ['a']],
      [{}, ['a', 'b'], 'a,b'],
      [{ type: 'integer' }, ['3', 'x'], 3],
      [{ defaultValue: '1' }, ['7'], '7'],
    ])('should bind %j from %j as %j', (options, values, expected) => {
      expect(resolve(options, values)).toEqual(expected);
    });
  });

  describe('when the value is absent or empty', () => {
    it.each<[BindingOptions, string[] | undefined, unknown]>([
      [{ defaultValue: '1' }, undefined, '1'],
      [{ defaultValue: '1' }, [''], '1'],
      [{ type: 'integer', defaultValue: '10' }, undefined, 10],
      [{ type: 'integer', defaultValue: '10' }, [''], 10],
      [{ type: 'integer', defaultValue: '10', array: true }, undefined, [10]],
      [{ type: 'integer', defaultValue: 10 }, undefined, 10],
      [{ type: 'number', defaultValue: 0.5 }, [''], 0.5],
      [{ type: 'boolean', defaultValue: true }, undefined, true],
      [{ type: 'boolean', defaultValue: false, array: true }, undefined, [false]],
      [{ required: false }, undefined, undefined],
      [{ required: false, type: 'integer' }, [''], undefined],
      [{}, [''], ''],
    ])('should bind %j from %j as %j', (options, values, expected) => {
      expect(resolve(options, values)).toEqual(expected);
    });

    it.each<[BindingSource, string, string]>([
      ['query', "Required query parameter 'page' is missing", ProblemType.missingQueryParameter],
      ['header', "Required request header 'page' is missing", ProblemType.missingRequestHeader],
      ['matrix', "Required matrix variable 'page' is missing", ProblemType.missingMatrixVariable],
    ])('should fail a required %s with 400 %j', (source, detail, type) => {
      const error = failure(() => resolve({}, undefined, source));
      expect(error).toMatchObject({ status: 400, detail, type });
    });

    it('should fail a required integer sent empty as missing', () => {
      expect(failure(() => resolve({ type: 'integer' }, [''])).detail).toBe("Required query parameter 'page' is missing");
    });
  });

  describe('when the value does not convert', () => {
    it.each<[BindingOptions, string[], string]>([
      [{ type: 'integer' }, ['two'], "Query parameter 'page' must be an integer, got 'two'"],
      [{ type: 'number' }, ['NaN'], "Query parameter 'page' must be a number, got 'NaN'"],
      [{ type: 'boolean' }, ['maybe'], "Query parameter 'page' must be a boolean, got 'maybe'"],
      [{ type: 'integer', array: true }, ['1', 'x'], "Query parameter 'page' must be an integer, got 'x'"],
      [{ type: 'number' }, [`${'1'.repeat(MAX_QUOTED_LENGTH)}x`], `Query parameter 'page' must be a number, got '${'1'.repeat(MAX_QUOTED_LENGTH)}…'`],
      [{ type: 'integer', min: 1 }, ['0'], "Query parameter 'page' must be in 1..∞, got 0"],
      [{ type: 'integer', max: 10 }, ['11'], "Query parameter 'page' must be in -∞..10, got 11"],
    ])('should fail %j given %j with 400 %j', (options, values, detail) => {
      const error = failure(() => resolve(options, values));
      expect(error).toMatchObject({ status: 400, detail, type: ProblemType.invalidQueryParameter });
      expect(error.extensions).toEqual({ parameter: 'page', expected: options.type });
    });
  });
});

describe('splitList(values)', () => {
  it.each([
    [['a'], ['a']],
    [['a,b'], ['a', 'b']],
    [['a, b', 'c'], ['a', 'b', 'c']],
    [['a,,b'], ['a', '', 'b']],
    [[''], ['']],
    [[], []],
  ])('splits %j into %j', (values, expected) => {
    expect(splitList(values)).toEqual(expected);
  });
});

describe('bindingProblem(failures)', () => {
  const page = compileBinding('query', 'page', { type: 'integer' });
  const confirm = compileBinding('header', 'X-Confirm');
  const failureOf = (binding: CompiledBinding, values: readonly string[] | undefined): InvalidBinding => {
    try {
      resolveBinding(binding, values);
    } catch (error) {
      if (error instanceof InvalidBinding) return error;
    }
    throw new Error('expected a failure');
  };

  it('keeps the type and fields of one failure and lists it', () => {
    const problem = bindingProblem([failureOf(page, ['x'])]);
    expect(problem).toMatchObject({
      status: 400,
      type: 'urn:represent:problem:invalid-query-parameter',
      detail: "Query parameter 'page' must be an integer, got 'x'",
      extensions: { parameter: 'page', expected: 'integer', errors: [{ in: 'query', parameter: 'page', detail: "Query parameter 'page' must be an integer, got 'x'" }] },
    });
  });

  it('lists several failures under invalid-parameters, each detail in the summary', () => {
    const problem = bindingProblem([failureOf(page, undefined), failureOf(confirm, undefined)]);
    expect(problem).toMatchObject({
      status: 400,
      type: 'urn:represent:problem:invalid-parameters',
      detail: "2 request parameters are missing or invalid: Required query parameter 'page' is missing; Required request header 'X-Confirm' is missing",
      extensions: {
        errors: [
          { in: 'query', parameter: 'page', detail: "Required query parameter 'page' is missing" },
          { in: 'header', parameter: 'X-Confirm', detail: "Required request header 'X-Confirm' is missing" },
        ],
      },
    });
  });
});

describe('a binding that enumerates its values (`values`)', () => {
  const roles = { array: true, required: false, values: ['admin', 'editor'] } as const;

  it.each<[BindingOptions, string[] | undefined, unknown]>([
    [roles, ['admin', 'editor'], ['admin', 'editor']],
    [roles, undefined, undefined],
    [{ values: ['delete-all'] }, ['delete-all'], 'delete-all'],
  ])('should bind %j from %j as %j', (options, values, expected) => {
    expect(resolve(options, values, 'matrix')).toEqual(expected);
  });

  it.each<[BindingOptions, string[]]>([
    [roles, ['admin', 'root']],
    [{ values: ['delete-all'] }, ['delete']],
    // Several values of a scalar join as sent, and the whole must be one of them.
    [{ values: ['a'] }, ['a', 'a']],
  ])('should answer 400 to %j given %j, naming the values', (options, values) => {
    const error = failure(() => resolve(options, values, 'header'));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/must be one of/);
  });

  it.each<[BindingOptions, RegExp]>([
    [{ type: 'integer', values: ['1'] }, /Only a string/],
    [{ values: [] }, /are empty/],
    [{ values: ['a'], defaultValue: 'b' }, /not one of its values/],
  ])('should refuse %j when the route is declared', (options, message) => {
    expect(() => compileBinding('query', 'page', options)).toThrow(message);
  });
});
