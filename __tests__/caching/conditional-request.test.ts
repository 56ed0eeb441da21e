import {
  type PreconditionOutcome,
  type Validators,
  evaluatePreconditions,
  hasPreconditions,
  isGetOrHead,
} from '../../src/caching/conditional-request';

const LM = 'Sun, 06 Nov 1994 08:49:37 GMT';
const BEFORE = 'Sat, 05 Nov 1994 08:49:37 GMT';
const AFTER = 'Mon, 07 Nov 1994 08:49:37 GMT';
const NEXT_SECOND = 'Sun, 06 Nov 1994 08:49:38 GMT';
const validators: Validators = { etag: '"v1"', lastModified: LM };

type Row = [string, string, Record<string, string | string[]>, PreconditionOutcome, Partial<{ validators: Validators; exists: boolean }>?];

describe('evaluatePreconditions({ method, requestHeaders, validators, exists })', () => {
  it.each<Row>([
    ['proceeds without conditions', 'GET', {}, 'proceed'],
    // Step 1: If-Match, strong comparison.
    ['proceeds when If-Match strongly matches', 'PUT', { 'if-match': '"v0", "v1"' }, 'proceed'],
    ['answers 412 when If-Match does not match', 'PUT', { 'if-match': '"v2"' }, 'precondition-failed'],
    ['answers 412 when If-Match only weakly matches', 'PUT', { 'if-match': 'W/"v1"' }, 'precondition-failed'],
    ['answers 412 when the current tag is weak', 'PUT', { 'if-match': '"v1"' }, 'precondition-failed', { validators: { etag: 'W/"v1"' } }],
    ['proceeds when If-Match is * and the resource exists', 'PUT', { 'if-match': '*' }, 'proceed'],
    ['answers 412 when If-Match is * and nothing exists', 'PUT', { 'if-match': '*' }, 'precondition-failed', { exists: false, validators: {} }],
    ['answers 412 when If-Match names a tag and there is none', 'GET', { 'if-match': '"v1"' }, 'precondition-failed', { validators: {} }],
    ['answers 412 when If-Match is empty (an empty list: no tag matches)', 'PUT', { 'if-match': '' }, 'precondition-failed'],
    ['proceeds when If-None-Match is empty (no tag matches)', 'GET', { 'if-none-match': '' }, 'proceed'],
    // Step 2: If-Unmodified-Since, only without If-Match.
    ['answers 412 when modified after If-Unmodified-Since', 'PUT', { 'if-unmodified-since': BEFORE }, 'precondition-failed'],
    ['proceeds when not modified after If-Unmodified-Since', 'PUT', { 'if-unmodified-since': LM }, 'proceed'],
    ['ignores If-Unmodified-Since when If-Match is present', 'PUT', { 'if-match': '"v1"', 'if-unmodified-since': BEFORE }, 'proceed'],
    ['ignores an If-Unmodified-Since that is not an HTTP-date', 'PUT', { 'if-unmodified-since': 'yesterday' }, 'proceed'],
    ['ignores If-Unmodified-Since without Last-Modified', 'PUT', { 'if-unmodified-since': BEFORE }, 'proceed', { validators: { etag: '"v1"' } }],
    // Step 3: If-None-Match, weak comparison.
    ['answers 304 when If-None-Match matches for GET', 'GET', { 'if-none-match': '"v1"' }, 'not-modified'],
    ['answers 304 when If-None-Match matches for HEAD', 'HEAD', { 'if-none-match': '"v1"' }, 'not-modified'],
    ['answers 304 when If-None-Match weakly matches', 'GET', { 'if-none-match': 'W/"v1"' }, 'not-modified'],
    ['answers 304 when a member of an If-None-Match list matches', 'GET', { 'if-none-match': '"a", "v1", "b"' }, 'not-modified'],
    ['answers 304 when If-None-Match is * and the resource exists', 'GET', { 'if-none-match': '*' }, 'not-modified'],
    ['proceeds when If-None-Match is * and nothing exists', 'PUT', { 'if-none-match': '*' }, 'proceed', { exists: false, validators: {} }],
    ['answers 412 when If-None-Match matches for PUT', 'PUT', { 'if-none-match': '"v1"' }, 'precondition-failed'],
    ['answers 412 when If-None-Match is * for POST on an existing resource', 'POST', { 'if-none-match': '*' }, 'precondition-failed'],
    ['proceeds when If-None-Match does not match', 'GET', { 'if-none-match': '"v2"' }, 'proceed'],
    ['checks If-Match before If-None-Match', 'GET', { 'if-match': '"v2"', 'if-none-match': '"v1"' }, 'precondition-failed'],
    // Step 4: If-Modified-Since, GET/HEAD only, only without If-None-Match.
    ['answers 304 when not modified since If-Modified-Since', 'GET', { 'if-modified-since': LM }, 'not-modified'],
    ['answers 304 when If-Modified-Since is later than Last-Modified', 'HEAD', { 'if-modified-since': AFTER }, 'not-modified'],
    ['proceeds when modified since If-Modified-Since', 'GET', { 'if-modified-since': BEFORE }, 'proceed'],
    ['ignores If-Modified-Since for POST', 'POST', { 'if-modified-since': AFTER }, 'proceed'],
    ['ignores If-Modified-Since when If-None-Match is present', 'GET', { 'if-none-match': '"v2"', 'if-modified-since': AFTER }, 'proceed'],
    ['gives If-None-Match precedence over a disagreeing If-Modified-Since', 'GET', { 'if-none-match': '"v1"', 'if-modified-since': BEFORE }, 'not-modified'],
    ['ignores an If-Modified-Since that is not an HTTP-date', 'GET', { 'if-modified-since': '0' }, 'proceed'],
    ['ignores an If-Modified-Since with two lines', 'GET', { 'if-modified-since': [AFTER, AFTER] }, 'proceed'],
    ['ignores If-Modified-Since without Last-Modified', 'GET', { 'if-modified-since': AFTER }, 'proceed', { validators: { etag: '"v1"' } }],
    // A stored time within the second a date names (RFC 9110 section 8.8.2.2): decided on the stored time.
    ['answers 412 to If-Unmodified-Since naming the second of a later change within it (Date)', 'PUT', { 'if-unmodified-since': LM }, 'precondition-failed', { validators: { lastModified: new Date(Date.parse(LM) + 500) } }],
    ['answers 412 to If-Unmodified-Since naming the second of a later change within it (ms)', 'PUT', { 'if-unmodified-since': LM }, 'precondition-failed', { validators: { lastModified: Date.parse(LM) + 1 } }],
    ['proceeds on If-Unmodified-Since naming the millisecond of the change', 'PUT', { 'if-unmodified-since': LM }, 'proceed', { validators: { lastModified: new Date(Date.parse(LM)) } }],
    ['proceeds on If-Unmodified-Since naming the second after the change', 'PUT', { 'if-unmodified-since': NEXT_SECOND }, 'proceed', { validators: { lastModified: Date.parse(LM) + 999 } }],
    ['answers 200 to If-Modified-Since naming the second of a later change within it', 'GET', { 'if-modified-since': LM }, 'proceed', { validators: { lastModified: new Date(Date.parse(LM) + 500) } }],
    ['answers 304 to If-Modified-Since naming the millisecond of the change', 'GET', { 'if-modified-since': LM }, 'not-modified', { validators: { lastModified: Date.parse(LM) } }],
    ['answers 304 to If-Modified-Since naming the second after the change', 'GET', { 'if-modified-since': NEXT_SECOND }, 'not-modified', { validators: { lastModified: new Date(Date.parse(LM) + 999) } }],
  ])('%s', (_, method, requestHeaders, expected, overrides = {}) => {
    expect(evaluatePreconditions({ method, requestHeaders, validators, exists: true, ...overrides })).toBe(expected);
  });
});

describe('evaluatePreconditions({ ..., validators: representations }): each condition over the set', () => {
  // The JSON and the XML of one resource: different strong tags, one Last-Modified.
  const both: Validators[] = [
    { etag: '"json"', lastModified: LM },
    { etag: '"xml"', lastModified: LM },
  ];
  const newer: Validators[] = [
    { etag: '"json"', lastModified: LM },
    { etag: '"xml"', lastModified: AFTER },
  ];
  type SetRow = [string, string, Record<string, string>, PreconditionOutcome, Validators[]?];
  it.each<SetRow>([
    ['proceeds without conditions', 'PUT', {}, 'proceed'],
    ['proceeds when If-Match names either tag', 'PUT', { 'if-match': '"xml"' }, 'proceed'],
    ['answers 412 when If-Match names neither', 'PUT', { 'if-match': '"other"' }, 'precondition-failed'],
    ['proceeds when If-Match names one tag and If-None-Match neither', 'PUT', { 'if-match': '"json"', 'if-none-match': '"zz"' }, 'proceed'],
    ['answers 412 when If-Match names one tag and If-None-Match the other', 'PUT', { 'if-match': '"json"', 'if-none-match': '"xml"' }, 'precondition-failed'],
    ['answers 412 when If-None-Match names either tag on PUT', 'PUT', { 'if-none-match': '"xml"' }, 'precondition-failed'],
    ['answers 412 when If-None-Match is * and something exists', 'PUT', { 'if-none-match': '*' }, 'precondition-failed'],
    ['answers 304 when If-None-Match names either tag on GET', 'GET', { 'if-none-match': '"json"' }, 'not-modified'],
    ['proceeds when If-Unmodified-Since holds for one representation', 'PUT', { 'if-unmodified-since': LM }, 'proceed', newer],
    ['answers 412 when If-Unmodified-Since holds for none', 'PUT', { 'if-unmodified-since': BEFORE }, 'precondition-failed'],
    ['answers 304 to If-Modified-Since when no representation changed', 'GET', { 'if-modified-since': LM }, 'not-modified'],
    ['proceeds on If-Modified-Since when one representation changed', 'GET', { 'if-modified-since': LM }, 'proceed', newer],
    ['is the one-representation evaluation with one representation', 'PUT', { 'if-match': '"v1"' }, 'proceed', [validators]],
    ['takes no representations as no validators', 'PUT', { 'if-match': '"v1"' }, 'precondition-failed', []],
  ])('%s', (_, method, requestHeaders, expected, representations = both) => {
    expect(evaluatePreconditions({ method, requestHeaders, exists: true, validators: representations })).toBe(expected);
  });
});

describe('hasPreconditions(method, headers)', () => {
  it.each<[string, Record<string, string>, boolean]>([
    ['GET', {}, false],
    ['GET', { accept: 'application/json' }, false],
    ['GET', { 'if-none-match': '"v1"' }, true],
    ['GET', { 'if-match': '"v1"' }, true],
    ['GET', { 'if-modified-since': LM }, true],
    ['HEAD', { 'if-modified-since': LM }, true],
    ['GET', { 'if-unmodified-since': LM }, true],
    ['PUT', { 'if-match': '"v1"' }, true],
    ['DELETE', { 'if-none-match': '*' }, true],
    ['PATCH', { 'if-unmodified-since': LM }, true],
    // RFC 9110 section 13.1.3: a recipient ignores If-Modified-Since on any method but GET and HEAD.
    ['PUT', { 'if-modified-since': LM }, false],
    ['post', { 'if-modified-since': LM }, false],
  ])('%s with %j: %s', (method, headers, expected) => {
    expect(hasPreconditions(method, headers)).toBe(expected);
  });
});

describe('isGetOrHead(method)', () => {
  it.each([
    ['GET', true],
    ['HEAD', true],
    ['POST', false],
    ['PUT', false],
    ['DELETE', false],
    ['OPTIONS', false],
  ])('%s → %s', (method, expected) => expect(isGetOrHead(method)).toBe(expected));
});
