import { applyMergePatch } from '../../routes/patch/merge-patch';

describe('applyMergePatch(target, patch)', () => {
  // RFC 7396 Appendix A, every example.
  it.each([
    [{ a: 'b' }, { a: 'c' }, { a: 'c' }],
    [{ a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    [{ a: 'b' }, { a: null }, {}],
    [{ a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    [{ a: ['b'] }, { a: 'c' }, { a: 'c' }],
    [{ a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    [{ a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    [{ a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    [['a', 'b'], ['c', 'd'], ['c', 'd']],
    [{ a: 'b' }, ['c'], ['c']],
    [{ a: 'foo' }, null, null],
    [{ a: 'foo' }, 'bar', 'bar'],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: 'b', c: null }, { a: 'b' }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ])('should turn %j patched with %j into %j', (target, patch, expected) => {
    expect(applyMergePatch(target, patch)).toEqual(expected);
  });

  it('should leave the target as it was', () => {
    const target = { a: { b: 1 }, list: [1] };
    applyMergePatch(target, { a: { b: 2 }, list: null });
    expect(target).toEqual({ a: { b: 1 }, list: [1] });
  });

  it('should never set a prototype', () => {
    const result = applyMergePatch({}, JSON.parse('{"__proto__":{"polluted":true}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('should read only the members its patch names: work in proportion to the patch, not the target', () => {
    // Every value of a 10,000-book bookcase counts the members read from it.
    let reads = 0;
    const counted = <T extends object>(value: T): T =>
      new Proxy(value, {
        get: (object, name, receiver) => (reads++, Reflect.get(object, name, receiver)),
        ownKeys: (object) => (reads++, Reflect.ownKeys(object)),
      });
    const books = counted(Array.from({ length: 10_000 }, (_, i) => counted({ isbn: String(i), title: 'T', author: 'A', year: 2000 })));
    const target = counted({ name: 'Big', books });
    const result = applyMergePatch(target, { name: 'Renamed', books: [] }) as Record<string, unknown>;
    expect(result).toEqual({ name: 'Renamed', books: [] });
    // The root's member list and its two members, each read once by the spread.
    expect(reads).toBeLessThanOrEqual(3);
    const kept = applyMergePatch(target, { name: 'Renamed' }) as Record<string, unknown>;
    expect(kept.books).toBe(books);
  });
});
