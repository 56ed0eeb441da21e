import { MAX_PATCH_OPERATIONS, MalformedPatch, PatchConflict, PatchTooLarge, TooManyOperations, applyJsonPatch } from '../../routes/patch/json-patch';
import type { WorkCounter } from '../../routes/patch/work-counter';

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
    ['move within an array, to an index of the array without the value (RFC 6902 section 4.4)', [{ op: 'move', from: '/list/0', path: '/list/2' }], { ...doc(), list: [2, 3, 1] }],
    ['move an element to the front', [{ op: 'move', from: '/list/2', path: '/list/0' }], { ...doc(), list: [3, 1, 2] }],
    ['edit an array in the middle, then test it whole', [{ op: 'remove', path: '/list/1' }, { op: 'add', path: '/list/0', value: 0 }, { op: 'test', path: '/list', value: [0, 1, 3] }], { ...doc(), list: [0, 1, 3] }],
    ['copy an array edited in the middle', [{ op: 'add', path: '/list/1', value: 9 }, { op: 'copy', from: '/list', path: '/again' }], { ...doc(), list: [1, 9, 2, 3], again: [1, 9, 2, 3] }],
    ['test a member removed and added again', [{ op: 'remove', path: '/nested/a' }, { op: 'add', path: '/nested/c', value: 1 }, { op: 'test', path: '/nested', value: { c: 1 } }], { ...doc(), nested: { c: 1 } }],
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
    ['moving past the end of the array the value left', [{ op: 'move', from: '/list/0', path: '/list/3' }]],
    ['a test of an object with a member more', [{ op: 'test', path: '/nested/a', value: {} }]],
    ['a test of an array with an element less', [{ op: 'test', path: '/list', value: [1, 2] }]],
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
    expect(() => applyJsonPatch(doc(), doubling.slice(0, 3), { maxSize: 50 })).toThrow(PatchTooLarge);
  });

  it('should never change the patch: the document gets a copy of each value', () => {
    const patch = [{ op: 'add', path: '/obj', value: {} }, { op: 'add', path: '/obj/x', value: 1 }];
    expect(applyJsonPatch(doc(), patch)).toEqual({ ...doc(), obj: { x: 1 } });
    expect(patch[0]!.value).toEqual({});
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

  describe('when the patch holds many operations', () => {
    const add = { op: 'add', path: '/list/-', value: 0 };

    it(`should apply ${MAX_PATCH_OPERATIONS.toLocaleString('en')} operations`, () => {
      expect((applyJsonPatch(doc(), Array(MAX_PATCH_OPERATIONS).fill(add)) as { list: unknown[] }).list).toHaveLength(3 + MAX_PATCH_OPERATIONS);
    });

    it('should refuse one more, before applying any', () => {
      expect(() => applyJsonPatch(doc(), Array(MAX_PATCH_OPERATIONS + 1).fill(add))).toThrow(TooManyOperations);
      expect(() => applyJsonPatch(doc(), Array(MAX_PATCH_OPERATIONS + 1).fill({ op: 'nonsense' }))).toThrow(TooManyOperations);
      expect(() => applyJsonPatch(doc(), [add, add], { maxOperations: 1 })).toThrow('The patch holds 2 operations; at most 1 are applied in one request');
    });
  });
});

/** A bookcase of `count` books: 5 JSON values each, plus the bookcase, its name and its list. */
const bookcase = (count: number) => ({
  name: 'Big',
  books: Array.from({ length: count }, (_, i) => ({ isbn: String(9780000000000 + i), title: `Book ${i}`, author: `Author ${i}`, year: 1900 + (i % 100) })),
});
const valuesIn = (count: number) => 3 + 5 * count;

/** The steps applyJsonPatch takes for `patch` on a bookcase of `books` books, whatever the size of the result. */
function stepsOf(books: number, patch: readonly object[]): number {
  const work: WorkCounter = { steps: 0 };
  applyJsonPatch(bookcase(books), patch, { work, maxSize: Infinity });
  return work.steps;
}

/**
 * Steps one operation inside an array may take: a path down the treap and back, whose depth varies
 * with its random priorities (about 2 ln n on average; one run of 1,000 moves in 30,000 books took
 * 109 steps an operation where others took under 100). An array splice or a copy of the document
 * takes 3,000 to 30,000 steps an operation here.
 */
const STEPS_PER_OPERATION = 300;

describe('applyJsonPatch(target, patch): work, counted in steps (values copied, compared or visited)', () => {
  // Issue 17: fast-json-patch deep-copied the whole document for every move, and an array splice
  // shifts every element after the index, so 1,000 moves in 10,000 books cost 1,000 x the bookcase.
  const book = { isbn: '9780131103627', title: 'The C Programming Language', author: 'Kernighan and Ritchie', year: 1988 };
  const spread = (i: number) => (i * 7919) % 1_000;
  const patches: [string, (i: number) => object][] = [
    ['moves to the front', (i) => ({ op: 'move', from: `/books/${spread(i)}`, path: '/books/0' })],
    ['moves from the front to the middle', (i) => ({ op: 'move', from: '/books/0', path: `/books/${spread(i)}` })],
    ['adds at the front', () => ({ op: 'add', path: '/books/0', value: book })],
    ['removes from the front', () => ({ op: 'remove', path: '/books/0' })],
    ['replaces in the middle', (i) => ({ op: 'replace', path: `/books/${spread(i)}`, value: book })],
    ['copies of a book to the front', (i) => ({ op: 'copy', from: `/books/${spread(i)}`, path: '/books/0' })],
    ['tests of a book', () => ({ op: 'test', path: '/books/1', value: { isbn: '9780000000001', title: 'Book 1', author: 'Author 1', year: 1901 } })],
    ['tests of the name', () => ({ op: 'test', path: '/name', value: 'Big' })],
  ];

  it.each(patches)(`should take at most ${STEPS_PER_OPERATION} steps for each further operation, whatever the size of the bookcase: %s`, (_name, operation) => {
    const patch = (count: number) => Array.from({ length: count }, (_, i) => operation(i));
    // Two sizes, the larger past the 2,000 operations (removes need the books): a splice or a copy
    // of the list already costs thousands of steps an operation at the smaller, and the bound
    // holding at both shows it does not grow with the bookcase.
    for (const books of [3_000, 10_000]) {
      const further = stepsOf(books, patch(2_000)) - stepsOf(books, patch(1_000));
      expect(further).toBeLessThanOrEqual(STEPS_PER_OPERATION * 1_000);
    }
  });

  it('should take steps linear in the bookcase plus the operations for 1,000 moves in 10,000 books', () => {
    const moves = Array.from({ length: 1_000 }, (_, i) => ({ op: 'move', from: `/books/${spread(i)}`, path: '/books/0' }));
    // A copy of the bookcase, its list as a tree once, the list and the bookcase again at the end.
    expect(stepsOf(10_000, moves)).toBeLessThanOrEqual(3 * valuesIn(10_000) + STEPS_PER_OPERATION * moves.length);
    // One copy of the bookcase for a patch that touches nothing.
    expect(stepsOf(10_000, [])).toBe(valuesIn(10_000));
  });

  it('should compare a test only as far as its value goes, however large what it is compared to', () => {
    const tests = (count: number) => Array.from({ length: count }, () => ({ op: 'test', path: '/books', value: [] }));
    const work: WorkCounter = { steps: 0 };
    expect(() => applyJsonPatch(bookcase(10_000), tests(1), { work })).toThrow(PatchConflict);
    expect(work.steps).toBeLessThanOrEqual(valuesIn(10_000) + 10);
  });
});
