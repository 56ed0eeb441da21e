import { SortedList, mergedSlice } from '../../routes/store/sorted-list';

/** A comparison of numbers that counts its calls: the work a list does, in operations. */
function counted(): { compare: (a: number, b: number) => number; calls: () => number } {
  let calls = 0;
  return {
    compare: (a, b) => {
      calls += 1;
      return a - b;
    },
    calls: () => calls,
  };
}

/** 0 to n - 1 in a shuffled order (a fixed one, so that a failure repeats). */
function shuffled(n: number): number[] {
  const values = [...Array(n).keys()];
  for (let i = n - 1, seed = 7; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values;
}

describe('SortedList(compare)', () => {
  const N = 10_000;
  const LOG = Math.ceil(Math.log2(N + 1));

  it('keeps its items in order, with at most log2(n) + 1 comparisons per insertion', () => {
    const { compare, calls } = counted();
    const list = new SortedList(compare);
    for (const value of shuffled(N)) list.insert(value);
    expect([...list]).toEqual([...Array(N).keys()]);
    expect(calls()).toBeLessThanOrEqual(N * (LOG + 1));
  });

  it('answers a page without a comparison, whatever its size', () => {
    const { compare, calls } = counted();
    const list = new SortedList(compare);
    for (const value of shuffled(N)) list.insert(value);
    const before = calls();
    expect(list.slice(5_000, 3)).toEqual([5_000, 5_001, 5_002]);
    expect(list.lastFirst(3)).toEqual([N - 1, N - 2, N - 3]);
    expect(calls()).toBe(before);
  });

  it('replaces an item that compares equal, and removes one with log2(n) + 1 comparisons', () => {
    const { compare, calls } = counted();
    const list = new SortedList<{ key: number; name: string }>((a, b) => compare(a.key, b.key));
    for (const key of shuffled(N)) list.insert({ key, name: 'first' });
    list.insert({ key: 42, name: 'second' });
    expect(list.size).toBe(N);
    expect(list.slice(42, 1)).toEqual([{ key: 42, name: 'second' }]);
    const before = calls();
    expect(list.remove({ key: 42, name: '' })).toBe(true);
    expect(list.remove({ key: 42, name: '' })).toBe(false);
    expect(calls() - before).toBeLessThanOrEqual(2 * (LOG + 1));
    expect(list.slice(41, 2).map((item) => item.key)).toEqual([41, 43]);
  });
});

describe('mergedSlice(lists, compare, offset, limit)', () => {
  it('answers a page of the merge, walking offset + limit items and never the rest', () => {
    const odd = new SortedList((a: number, b: number) => a - b);
    const even = new SortedList((a: number, b: number) => a - b);
    for (let i = 0; i < 100_000; i++) (i % 2 === 0 ? even : odd).insert(i);
    const { compare, calls } = counted();
    expect(mergedSlice([odd, even], compare, 10, 5)).toEqual([10, 11, 12, 13, 14]);
    // One comparison of the two heads per item walked.
    expect(calls()).toBe(15);
  });

  it('answers what there is past the end of the merge, and reads one list as a slice', () => {
    const one = new SortedList((a: number, b: number) => a - b);
    for (const value of [3, 1, 2]) one.insert(value);
    const { compare, calls } = counted();
    expect(mergedSlice([one, new SortedList<number>(compare)], compare, 1, 1_000_000)).toEqual([2, 3]);
    expect(mergedSlice([one], compare, 1, 1)).toEqual([2]);
    expect(calls()).toBeLessThanOrEqual(3);
  });
});
