import { fieldMismatches } from '../../bench/field-mismatches';

/**
 * The harness checks each variant's answer before and after its rounds: autocannon counts statuses
 * only, so a cache that stopped hitting, or a DSL route that lost its ETag, would still count as 200.
 */
describe('fieldMismatches(expected, headers)', () => {
  it.each<[string, Record<string, RegExp>, Record<string, string | string[]>, string[]]>([
    ['nothing expected', {}, { etag: '"a"' }, []],
    ['every field as expected', { etag: /^"[^"]+"$/, age: /^\d+$/ }, { etag: '"v1"', age: '0' }, []],
    ['a name given in capitals', { 'Cache-Control': /max-age=60/ }, { 'cache-control': 'public, max-age=60' }, []],
    ['a missing Age (a miss, not a hit)', { age: /^\d+$/ }, {}, ['no age field (expected /^\\d+$/)']],
    ['a weak ETag where a strong one is expected', { etag: /^"[^"]+"$/ }, { etag: 'W/"v1"' }, ['etag: W/"v1" does not match /^"[^"]+"$/']],
    ['a field given twice, read as one list', { vary: /accept/i }, { vary: ['Origin', 'Accept'] }, []],
    [
      'each wrong field said once',
      { etag: /^"/, 'content-type': /^application\/xml/ },
      { 'content-type': 'application/json' },
      ['no etag field (expected /^"/)', 'content-type: application/json does not match /^application\\/xml/'],
    ],
  ])('%s', (_case, expected, headers, mismatches) => {
    expect(fieldMismatches(expected, headers)).toEqual(mismatches);
  });
});
