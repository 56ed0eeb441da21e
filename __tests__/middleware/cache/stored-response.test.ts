import { describeResponse, freshen, storableHeaderLines } from '../../../middleware/cache/stored-response';
import type { StoredResponse } from '../../../middleware/cache/store';

/** A stored 200 with these header lines, received now. */
function stored(rawHeaders: string[]): StoredResponse {
  const now = Date.UTC(2025, 0, 1);
  return { status: 200, statusMessage: 'OK', rawHeaders, body: Buffer.from('body'), requestTime: now, responseTime: now, selecting: {} };
}

describe('describeResponse(response, effective): X-Content-Type-Options, known once per stored response', () => {
  it.each<[string, string[], { replay: boolean; notModified: boolean }]>([
    ['none', ['Cache-Control', 'max-age=60'], { replay: false, notModified: false }],
    ['in any case', ['Cache-Control', 'max-age=60', 'x-content-type-options', 'nosniff'], { replay: true, notModified: false }],
    ['as written by the router', ['X-Content-Type-Options', 'nosniff', 'ETag', '"1"'], { replay: true, notModified: false }],
  ])('records %s: a replay carries it, a 304 made from it does not (RFC 9110 section 15.4.5 fields only)', (_, lines, expected) => {
    const view = describeResponse(stored(lines), (headers) => headers);
    expect(view.nosniff).toBe(expected.replay);
    expect(view.replay.some((line) => line.toLowerCase() === 'x-content-type-options')).toBe(expected.replay);
    expect(view.notModified.some((line) => line.toLowerCase() === 'x-content-type-options')).toBe(expected.notModified);
  });
});

describe('storableHeaderLines(raw): what a stored response keeps', () => {
  it.each<[string, string[], string[]]>([
    ['keeps end-to-end fields, repeated lines included', ['Cache-Control', 'max-age=60', 'Link', '</a>', 'Link', '</b>'], ['Cache-Control', 'max-age=60', 'Link', '</a>', 'Link', '</b>']],
    ['drops hop-by-hop fields and those Connection names', ['Connection', 'x-hop', 'X-Hop', '1', 'Keep-Alive', 'timeout=5', 'ETag', '"1"'], ['ETag', '"1"']],
    ['drops Set-Cookie in any case, every line of it', ['Set-Cookie', 'a=1', 'ETag', '"1"', 'set-cookie', 'b=2', 'Set-Cookie2', 'c=3'], ['ETag', '"1"']],
  ])('%s', (_, raw, kept) => {
    expect(storableHeaderLines(raw)).toEqual(kept);
  });
});

describe('a stored response never replays Set-Cookie', () => {
  it('takes none from a 304 that freshens it', () => {
    const freshened = freshen(stored(['Cache-Control', 'max-age=60', 'ETag', '"1"']), ['Cache-Control', 'max-age=120', 'Set-Cookie', 'session=s2'], 0, 0);
    expect(freshened.rawHeaders).toEqual(['ETag', '"1"', 'Cache-Control', 'max-age=120']);
  });

  it('replays none that a copy stored by an older version kept', () => {
    const view = describeResponse(stored(['Cache-Control', 'max-age=60', 'Set-Cookie', 'session=s1', 'ETag', '"1"']), (headers) => headers);
    expect(view.replay.filter((_, i) => i % 2 === 0)).toEqual(['Cache-Control', 'ETag', 'Content-Length']);
  });
});
