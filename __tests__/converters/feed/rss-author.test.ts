import fc from 'fast-check';
import { parseRssAuthor } from '../../../src/converters/feed/rss-author';

/** How the RSS reader read an author before: quadratic on a long run of `@(`; its answers are the reference. */
function formerAuthor(text: string): { email?: string; name?: string } {
  const match = /^\s*(\S+@\S+)\s*\((.*)\)\s*$/.exec(text);
  if (match !== null) return { email: match[1]!, name: match[2]! };
  const trimmed = text.trim();
  return trimmed.includes('@') && !trimmed.includes(' ') ? { email: trimmed } : { name: trimmed };
}

describe('parseRssAuthor(text)', () => {
  it.each<[string, { email?: string; name?: string }]>([
    ['frank@example.org (Frank Herbert)', { email: 'frank@example.org', name: 'Frank Herbert' }],
    ['  frank@example.org   (Frank Herbert)  \n', { email: 'frank@example.org', name: 'Frank Herbert' }],
    ['frank@example.org(Frank)', { email: 'frank@example.org', name: 'Frank' }],
    ['frank@example.org ()', { email: 'frank@example.org', name: '' }],
    ['a@b (Frank (the author))', { email: 'a@b', name: 'Frank (the author)' }],
    ['a@b(c)(d)', { email: 'a@b(c)', name: 'd' }],
    ['a@b (c\nd)', { name: 'a@b (c\nd)' }],
    ['a@b(c\nd)', { email: 'a@b(c\nd)' }],
    ['frank@example.org', { email: 'frank@example.org' }],
    ['Frank Herbert', { name: 'Frank Herbert' }],
    ['@b (Frank)', { name: '@b (Frank)' }],
    ['a@ (Frank)', { name: 'a@ (Frank)' }],
  ])('reads %j as %j', (text, author) => {
    expect(parseRssAuthor(text)).toEqual(author);
    expect(formerAuthor(text)).toEqual(author);
  });

  it('reads every author as the regular expression it replaced did', () => {
    const text = fc.array(fc.constantFrom('a', 'a@b', '@', '(', ')', ' ', '\t', '\n', '\u2028', '\u00a0', '\u0085'), { maxLength: 10 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (value) => {
        expect(parseRssAuthor(value)).toEqual(formerAuthor(value));
      }),
      { numRuns: 10_000 },
    );
  });

  it('reads 300,000 characters of `@(` (the former expression backtracked on them)', () => {
    expect(parseRssAuthor(`x${'@('.repeat(150_000)}`)).toEqual({ email: `x${'@('.repeat(150_000)}` });
  });
});
