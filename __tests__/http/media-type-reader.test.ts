import * as contentType from 'content-type';
import fc from 'fast-check';
import { MAX_PARAMETERS, readMediaType } from '../../src/http/media-type-reader';
import { thrownExceptions } from '../setup/thrown-exceptions';

/** The media type as a plain value, or `invalid` with any reason. */
const read = (text: string, repeated?: 'keep-last' | 'refuse'): unknown => {
  const result = readMediaType(text, repeated);
  return typeof result === 'string' ? 'invalid' : { ...result, parameters: { ...result.parameters } };
};

const parameters = (n: number): string => Array.from({ length: n }, (_, i) => `; p${i}=${i}`).join('');

describe('readMediaType(text, repeated)', () => {
  it.each<[string, unknown]>([
    ['application/json', { type: 'application', subtype: 'json', parameters: {} }],
    ['  Text/HTML  ', { type: 'text', subtype: 'html', parameters: {} }],
    ['*/*', { type: '*', subtype: '*', parameters: {} }],
    ['application/*+json', { type: 'application', subtype: '*+json', parameters: {} }],
    ['text/plain;Charset=UTF-8', { type: 'text', subtype: 'plain', parameters: { charset: 'UTF-8' } }],
    ['text/plain ; a=1 ;b=2', { type: 'text', subtype: 'plain', parameters: { a: '1', b: '2' } }],
    // OWS is spaces and tabs (RFC 9110 section 5.6.3), around `;` and `=` alike.
    ['text/plain\t;\ta\t=\t1', { type: 'text', subtype: 'plain', parameters: { a: '1' } }],
    ['text/plain; a = 1', { type: 'text', subtype: 'plain', parameters: { a: '1' } }],
    // quoted-string (section 5.6.4): `;` and `,` inside separate nothing, quoted-pairs unescaped.
    ['a/b; x="1;y=2, z"', { type: 'a', subtype: 'b', parameters: { x: '1;y=2, z' } }],
    ['a/b; x="say \\"hi\\" \\\\ there"', { type: 'a', subtype: 'b', parameters: { x: 'say "hi" \\ there' } }],
    ['a/b; x=""', { type: 'a', subtype: 'b', parameters: { x: '' } }],
    ['a/b; x="tab\there"', { type: 'a', subtype: 'b', parameters: { x: 'tab\there' } }],
    ['a/b; x="caf\u00e9"', { type: 'a', subtype: 'b', parameters: { x: 'caf\u00e9' } }],
    ['a/b; x=1; x=2', { type: 'a', subtype: 'b', parameters: { x: '2' } }],
    [`a/b${parameters(MAX_PARAMETERS)}`, { type: 'a', subtype: 'b', parameters: Object.fromEntries(Array.from({ length: MAX_PARAMETERS }, (_, i) => [`p${i}`, String(i)])) }],
  ])('reads %j as %j', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it.each([
    '',
    '   ',
    'json',
    'text/',
    '/plain',
    'text /plain',
    'text/plain x',
    '*/json',
    'a b/c',
    'text/plain;',
    'text/plain;;',
    'text/plain;\t;',
    'text/plain; charset',
    'text/plain; charset=',
    'text/plain; =utf-8',
    'text/plain; a=1 b',
    'text/plain; a="unclosed',
    'text/plain; a="bad\\',
    'text/plain; a="del\u007f"',
    'text/plain; a="nul\u0000"',
    'text/plain; a="wide\u0100"',
    'téxt/plain',
    'text/plain, text/html',
    `a/b${parameters(MAX_PARAMETERS + 1)}`,
  ])('answers a reason for %j', (text) => {
    expect(typeof readMediaType(text)).toBe('string');
  });

  it.each(['a/b; x=1; x=2', 'a/b; Charset=utf-8; charset=utf-8'])('with "refuse", answers a reason for the repeated parameter of %j (RFC 6838 section 4.3)', (text) => {
    expect(readMediaType(text, 'refuse')).toMatch(/given twice/);
  });

  it(`answers the reason "more than ${MAX_PARAMETERS} parameters" past the limit`, () => {
    expect(readMediaType(`a/b${parameters(MAX_PARAMETERS + 1)}`)).toBe(`more than ${MAX_PARAMETERS} parameters`);
  });

  it('keeps a parameter named __proto__ as data', () => {
    const result = readMediaType('a/b; __proto__=x');
    expect(typeof result).toBe('object');
    expect(Object.keys((result as { parameters: object }).parameters)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('throws no exception on any text, valid or not', () => {
    const texts = ['x', 'a/b; c', 'a/b; c="', '*/json', `a/b${parameters(MAX_PARAMETERS + 1)}`, 'text/plain; charset=utf-8'];
    expect(thrownExceptions(() => texts.forEach((text) => readMediaType(text)))).toBe(0);
  });

  // Where the `content-type` package and the RFC agree (no tabs, no U+000B, no DEL escaped, at most
  // MAX_PARAMETERS parameters), the reader reads exactly what the package reads.
  it('reads what the content-type package reads, and refuses what it refuses', () => {
    const piece = fc.constantFrom('a', 'B', '*', '+', '-', '.', '/', ';', '=', ' ', '"', '\\', ',', 'é', '\u00ff', '@', 'text', 'json', 'charset', 'q=0.5');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }).map((pieces) => pieces.join('')), (text) => {
        let expected: unknown;
        try {
          const parsed = contentType.parse(text.trim());
          const [type, subtype] = parsed.type.split('/');
          expected = type === '*' && subtype !== '*' ? 'invalid' : { type, subtype, parameters: { ...parsed.parameters } };
        } catch {
          expected = 'invalid';
        }
        expect(read(text)).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
