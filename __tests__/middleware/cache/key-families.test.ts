import { KeyFamilies } from '../../../middleware/cache/key-families';

describe('KeyFamilies: the stored keys invalidation removes together', () => {
  it('answers every stored spelling of a URI once, then forgets them', () => {
    const families = new KeyFamilies();
    for (const key of ['http://h/a', 'http://h/a/', 'http://h/%61', 'http://h/a;v=1', 'http://h/b', 'http://h/a?x=1']) families.add(key);
    expect(families.take('http://h/a/')).toEqual(['http://h/a', 'http://h/a/', 'http://h/%61', 'http://h/a;v=1']);
    expect(families.take('http://h/a')).toEqual([]);
    expect(families.take('http://h/b')).toEqual(['http://h/b']);
    expect(families.take('http://h/a?x=1')).toEqual(['http://h/a?x=1']);
  });

  it('remembers at most maxKeys keys, forgetting the least recently stored family first', () => {
    const families = new KeyFamilies(3, 2);
    families.add('http://h/1');
    families.add('http://h/2');
    families.add('http://h/1;v=2'); // family 1 again: now the most recent
    families.add('http://h/3'); // four keys: family 2, the least recently stored, goes
    expect(families.size).toBe(3);
    expect(families.take('http://h/2')).toEqual([]);
    expect(families.take('http://h/1')).toEqual(['http://h/1', 'http://h/1;v=2']);
    expect(families.take('http://h/3')).toEqual(['http://h/3']);
    expect(families.size).toBe(0);
  });

  it('remembers at most maxPerFamily keys of one family, so one family cannot grow without end', () => {
    const families = new KeyFamilies(1000, 3);
    for (let n = 0; n < 500; n++) families.add(`http://h/a;x=${n}`);
    families.add('http://h/a;x=498'); // stored again: the most recent, not a fourth key
    expect(families.size).toBe(3);
    expect(families.take('http://h/a')).toEqual(['http://h/a;x=497', 'http://h/a;x=499', 'http://h/a;x=498']);
  });
});
