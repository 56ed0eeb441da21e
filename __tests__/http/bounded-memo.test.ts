import { BoundedMemo, LONGEST_KEY, MEMO_BYTES } from '../../src/http/bounded-memo';

describe('BoundedMemo(limit).get(key, compute)', () => {
  it('computes a key once and answers the remembered value after', () => {
    const memo = new BoundedMemo<string, number>(2);
    const compute = jest.fn((key: string) => key.length);
    expect(memo.get('abc', compute)).toBe(3);
    expect(memo.get('abc', compute)).toBe(3);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('remembers undefined too', () => {
    const memo = new BoundedMemo<string, number | undefined>(2);
    const compute = jest.fn(() => undefined);
    memo.get('x', compute);
    memo.get('x', compute);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('forgets the oldest key when full', () => {
    const memo = new BoundedMemo<string, string>(2);
    const compute = jest.fn((key: string) => key.toUpperCase());
    memo.get('a', compute);
    memo.get('b', compute);
    memo.get('c', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    memo.get('b', compute);
    memo.get('c', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    memo.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});

describe('BoundedMemo(bounds): bounded in bytes, long keys never kept', () => {
  const compute = (key: string) => key.toUpperCase();

  it(`never keeps a key longer than longestKey (default LONGEST_KEY, ${LONGEST_KEY}), computing it each time`, () => {
    const memo = new BoundedMemo<string, string>(10);
    const long = 'a'.repeat(LONGEST_KEY + 1);
    const spy = jest.fn(compute);
    expect(memo.get(long, spy)).toBe(long.toUpperCase());
    memo.get(long, spy);
    expect(spy).toHaveBeenCalledTimes(2);
    expect(memo.size).toBe(0);
    expect(memo.bytes).toBe(0);
    memo.get('a'.repeat(LONGEST_KEY), spy);
    expect(memo.size).toBe(1);
  });

  it('keeps its bytes within the budget, forgetting the oldest first', () => {
    const budget = 10_000;
    const memo = new BoundedMemo<string, string>({ entries: 1000, bytes: budget, sizeOf: () => 1000 });
    for (let i = 0; i < 500; i++) {
      memo.get(`key-${i}`, compute);
      expect(memo.bytes).toBeLessThanOrEqual(budget);
    }
    // 1,114 bytes an entry (1,000, a 7-character key, a slot of 100): the newest 8 fit.
    expect(memo.size).toBe(8);
    const spy = jest.fn(compute);
    memo.get('key-499', spy);
    memo.get('key-492', spy);
    expect(spy).not.toHaveBeenCalled();
    memo.get('key-491', spy);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('does not keep a value larger than the whole budget, and forgets nothing for it', () => {
    const memo = new BoundedMemo<string, string>({ entries: 10, bytes: 5_000, sizeOf: (value) => (value === 'HUGE' ? 10_000 : 10) });
    memo.get('small', compute);
    memo.get('huge', compute);
    expect(memo.size).toBe(1);
    const spy = jest.fn(compute);
    memo.get('small', spy);
    expect(spy).not.toHaveBeenCalled();
  });

  it('counts the bytes of what it keeps: its key, its value and a slot', () => {
    const memo = new BoundedMemo<string, string>({ entries: 2, sizeOf: (value) => value.length });
    memo.get('ab', compute);
    const one = memo.bytes;
    expect(one).toBeGreaterThan(2 * 2 + 2);
    memo.get('cd', compute);
    memo.get('ef', compute);
    expect(memo.size).toBe(2);
    expect(memo.bytes).toBe(2 * one);
  });

  it(`keeps at most MEMO_BYTES (${MEMO_BYTES}) by default, whatever the entries allow`, () => {
    const memo = new BoundedMemo<string, string>(100_000);
    for (let i = 0; i < 20_000; i++) memo.get(`${i}-${'k'.repeat(LONGEST_KEY - 10)}`, compute);
    expect(memo.bytes).toBeLessThanOrEqual(MEMO_BYTES);
    expect(memo.size).toBeLessThan(20_000);
  });
});
