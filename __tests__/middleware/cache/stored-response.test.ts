import { describeResponse } from '../../../middleware/cache/stored-response';
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
