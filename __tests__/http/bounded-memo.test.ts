import { BoundedMemo } from '../../src/http/bounded-memo';

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
