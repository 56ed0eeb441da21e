import { MalformedPatch, PatchConflict, PatchTooLarge, applyJsonPatch } from '../../routes/patch/json-patch';

const doc = () => ({ foo: 'bar', list: [1, 2, 3], nested: { a: { b: 1 } } });

describe('applyJsonPatch(target, patch)', () => {
  it.each([
    ['add a member', [{ op: 'add', path: '/baz', value: 'qux' }], { ...doc(), baz: 'qux' }],
    ['add into an array', [{ op: 'add', path: '/list/1', value: 9 }], { ...doc(), list: [1, 9, 2, 3] }],
    ['append with -', [{ op: 'add', path: '/list/-', value: 4 }], { ...doc(), list: [1, 2, 3, 4] }],
    ['remove', [{ op: 'remove', path: '/foo' }], { list: [1, 2, 3], nested: { a: { b: 1 } } }],
    ['replace', [{ op: 'replace', path: '/nested/a/b', value: 2 }], { ...doc(), nested: { a: { b: 2 } } }],
    ['move', [{ op: 'move', from: '/foo', path: '/moved' }], { list: [1, 2, 3], nested: { a: { b: 1 } }, moved: 'bar' }],
    ['copy', [{ op: 'copy', from: '/list/0', path: '/first' }], { ...doc(), first: 1 }],
    ['test then change', [{ op: 'test', path: '/nested', value: { a: { b: 1 } } }, { op: 'remove', path: '/list' }], { foo: 'bar', nested: { a: { b: 1 } } }],
    ['replace the whole document', [{ op: 'replace', path: '', value: { x: 1 } }], { x: 1 }],
    ['escape ~1 and ~0', [{ op: 'add', path: '/a~1b~0c', value: 1 }], { ...doc(), 'a/b~c': 1 }],
    ['an empty patch', [], doc()],
    ['ignore a from on an operation that has none (RFC 6902 section 4)', [{ op: 'replace', path: '/foo', value: 'x', from: 5 }], { ...doc(), foo: 'x' }],
    ['ignore a null from on add', [{ op: 'add', path: '/baz', value: 1, from: null }], { ...doc(), baz: 1 }],
    ['read ~01 as ~1, not as /', [{ op: 'add', path: '/~01', value: 1 }], { ...doc(), '~1': 1 }],
  ])('should %s', (_name, patch, expected) => {
    expect(applyJsonPatch(doc(), patch)).toEqual(expected);
  });

  it.each([
    ['a failing test', [{ op: 'test', path: '/foo', value: 'baz' }]],
    ['a test of a missing member', [{ op: 'test', path: '/missing', value: 1 }]],
    ['removing a missing member', [{ op: 'remove', path: '/missing' }]],
    ['replacing past the end of an array', [{ op: 'replace', path: '/list/3', value: 1 }]],
    ['adding beyond the end of an array', [{ op: 'add', path: '/list/5', value: 1 }]],
    ['adding under a missing parent', [{ op: 'add', path: '/missing/child', value: 1 }]],
    ['moving from a missing member', [{ op: 'move', from: '/missing', path: '/x' }]],
    ['copying from a missing member', [{ op: 'copy', from: '/missing', path: '/x' }]],
    ['removing an inherited member (toString)', [{ op: 'remove', path: '/toString' }]],
    ['copying from an inherited member', [{ op: 'copy', from: '/nested/toString', path: '/x' }]],
    ['moving from an inherited member', [{ op: 'move', from: '/nested/a/valueOf', path: '/x' }]],
    ['testing a member of a string', [{ op: 'test', path: '/foo/length', value: 3 }]],
    ['adding at an index with a leading zero', [{ op: 'add', path: '/list/01', value: 9 }]],
    ['replacing at an index with a leading zero', [{ op: 'replace', path: '/list/00', value: 9 }]],
    ['adding under a scalar', [{ op: 'add', path: '/foo/x', value: 1 }]],
  ])('should report a conflict (409) for %s', (_name, patch) => {
    expect(() => applyJsonPatch(doc(), patch)).toThrow(PatchConflict);
  });

  it.each([
    ['a document that is not an array', { op: 'add', path: '/a', value: 1 }],
    ['an operation that is not an object', ['add']],
    ['an unknown op', [{ op: 'merge', path: '/a', value: 1 }]],
    ['a missing op', [{ path: '/a', value: 1 }]],
    ['a path that is not a pointer', [{ op: 'add', path: 'a', value: 1 }]],
    ['a path that is not a string', [{ op: 'remove', path: 3 }]],
    ['a missing value', [{ op: 'add', path: '/a' }]],
    ['a missing value under a missing parent', [{ op: 'add', path: '/missing/x' }]],
    ['a replace without value of a missing member', [{ op: 'replace', path: '/missing' }]],
    ['a test without value of a missing member', [{ op: 'test', path: '/missing' }]],
    ['a missing from', [{ op: 'copy', path: '/a' }]],
    ['a from that is not a pointer', [{ op: 'move', from: 'foo', path: '/a' }]],
    ['a move into its own child', [{ op: 'move', from: '/nested', path: '/nested/a/c' }]],
    ['a pointer to __proto__', [{ op: 'add', path: '/__proto__/polluted', value: true }]],
    ['a ~ that ends a path (RFC 6901 section 3)', [{ op: 'replace', path: '/foo~', value: 'a' }]],
    ['a ~ followed by anything but 0 or 1', [{ op: 'add', path: '/a~2b', value: 1 }]],
    ['a bad escape in from', [{ op: 'copy', from: '/foo~x', path: '/a' }]],
  ])('should report a malformed patch (400) for %s', (_name, patch) => {
    expect(() => applyJsonPatch(doc(), patch)).toThrow(MalformedPatch);
  });

  it('should refuse copies that would grow the document past the limit, before making them', () => {
    // Each copy doubles the list: 40 of them would need 2^40 elements. After 16 the document is
    // 524,331 characters of JSON, so the 17th (operation 16) is refused before it is made.
    const doubling = Array.from({ length: 40 }, () => ({ op: 'copy', from: '/list', path: '/list/-' }));
    expect(JSON.stringify(applyJsonPatch(doc(), doubling.slice(0, 16)))).toHaveLength(524_331);
    let refused: unknown;
    try {
      applyJsonPatch(doc(), doubling);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(PatchTooLarge);
    expect((refused as PatchTooLarge).operation).toBe(16);
    expect(() => applyJsonPatch(doc(), doubling.slice(0, 3))).not.toThrow();
    expect(() => applyJsonPatch(doc(), doubling.slice(0, 3), 50)).toThrow(PatchTooLarge);
  });

  it('should change nothing when an operation fails part way', () => {
    const target = doc();
    expect(() => applyJsonPatch(target, [{ op: 'remove', path: '/foo' }, { op: 'test', path: '/list/0', value: 7 }])).toThrow(PatchConflict);
    expect(target).toEqual(doc());
  });

  it.each([
    ['from of a move', { op: 'move', from: '/nope', path: '/x' }, "Operation 0: '/nope' (from) does not exist in the target"],
    ['path of a remove', { op: 'remove', path: '/toString' }, "Operation 0: '/toString' (path) does not exist in the target"],
    ['path of an add', { op: 'add', path: '/list/01', value: 1 }, "Operation 0: '/list/01' (path) does not exist in the target"],
  ])('should name the pointer that leads nowhere: the %s', (_name, operation, message) => {
    expect(() => applyJsonPatch(doc(), [operation])).toThrow(message);
  });

  it('should resolve escaped tokens (~1 is /, ~0 is ~) through own members', () => {
    const target = { 'a/b': { '~c': 1 } };
    expect(applyJsonPatch(target, [{ op: 'replace', path: '/a~1b/~0c', value: 2 }])).toEqual({ 'a/b': { '~c': 2 } });
  });

  it('should name the failing operation', () => {
    try {
      applyJsonPatch(doc(), [{ op: 'add', path: '/x', value: 1 }, { op: 'remove', path: '/nope' }]);
      throw new Error('no error');
    } catch (error) {
      expect((error as PatchConflict).operation).toBe(1);
    }
  });
});
