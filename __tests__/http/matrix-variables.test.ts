import { parseMatrixVariables } from '../../src/http/matrix-variables';

describe('parseMatrixVariables(text)', () => {
  it.each([
    ['', {}],
    ['color=red', { color: ['red'] }],
    ['color=red;year=2012', { color: ['red'], year: ['2012'] }],
    ['color=red,blue', { color: ['red', 'blue'] }],
    ['color=red;color=blue', { color: ['red', 'blue'] }],
    ['color=red,green;color=blue', { color: ['red', 'green', 'blue'] }],
    ['flag', { flag: [] }],
    ['empty=', { empty: [''] }],
    [';;color=red;', { color: ['red'] }],
    ['=orphan;color=red', { color: ['red'] }],
    ['name=J%C3%BCrgen', { name: ['Jürgen'] }],
    ['a%3Db=c%2Cd', { 'a=b': ['c,d'] }],
    ['q=a=b', { q: ['a=b'] }],
  ])('should parse %j into %j', (text, expected) => {
    expect({ ...parseMatrixVariables(text) }).toEqual(expected);
  });

  it.each(['color=%E0%A4%A', 'col%ZZor=red'])('should answer undefined for the invalid percent-encoding in %j', (text) => {
    expect(parseMatrixVariables(text)).toBeUndefined();
  });

  it('should keep names as data (no prototype members)', () => {
    const variables = parseMatrixVariables('color=red')!;
    expect(variables['toString']).toBeUndefined();
    expect(variables['__proto__']).toBeUndefined();
    expect({ ...parseMatrixVariables('__proto__=x') }).toEqual({ ['__proto__']: ['x'] });
  });
});
