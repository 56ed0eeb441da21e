import { isRegExpSpace } from '../../src/converters/regexp-space';

describe('isRegExpSpace(c)', () => {
  it('is true exactly for the UTF-16 code units `\\s` matches', () => {
    const differ: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isRegExpSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });
});
