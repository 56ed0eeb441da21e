import request from 'supertest';
import { createRequestInfo } from '../../src/conditions/request-info';
import { MAX_RANGES, parseAccept, rememberedAccepts } from '../../src/http/accept-header';
import { LONGEST_KEY, MEMO_BYTES } from '../../src/http/bounded-memo';
import { listeningServers } from '../setup/listening';
import { serve } from '../setup/negotiation-fixture';

/**
 * Accept and Content-Type fields are parsed once per distinct text and remembered, at most 1,000 of
 * each (issue 6: "caches Accept negotiation results per distinct Accept string (bounded)"). A stream
 * of distinct fields pushes the oldest out; a field pushed out is parsed again and answered the same.
 */
const LIMIT = 1000;

describe('parseAccept(header), remembered per distinct text', () => {
  it(`answers the same ranges for the same text, and parses a text again after ${LIMIT} others`, () => {
    const first = 'application/xml, application/json;q=0.5';
    const remembered = parseAccept(first);
    expect(parseAccept(first)).toBe(remembered);
    for (let i = 0; i < LIMIT - 1; i++) parseAccept(`text/x-filler-${i}`);
    // Still among the last 1,000.
    expect(parseAccept(first)).toBe(remembered);
    parseAccept('text/x-one-more');
    const again = parseAccept(first);
    expect(again).not.toBe(remembered);
    expect(again).toEqual(remembered);
  });
});

describe('negotiation past the bound, over HTTP', () => {
  const listening = listeningServers();

  it(`answers every one of ${LIMIT + 1} distinct Accept fields, and the first again as before`, async () => {
    const server = await listening(serve((api) => api.get('/book').produces('application/json', 'application/xml').handle(() => ({ title: 'Dune' }))));
    const prefersXml = 'application/xml, application/json;q=0.5, text/x-first;q=0.1';
    await request(server).get('/book').set('Accept', prefersXml).expect(200).expect('Content-Type', 'application/xml; charset=utf-8');
    for (let i = 0; i <= LIMIT; i++) {
      await request(server).get('/book').set('Accept', `application/json, text/x-${i};q=0.1`).expect(200).expect('Content-Type', 'application/json; charset=utf-8');
    }
    await request(server).get('/book').set('Accept', prefersXml).expect(200).expect('Content-Type', 'application/xml; charset=utf-8');
  }, 60_000);

  it(`reads bodies under ${LIMIT + 1} distinct Content-Types, and the first again as before`, async () => {
    const server = await listening(serve((api) => api.post('/echo').consumes('text/plain').produces('text/plain').body(String).handle((ctx) => ctx.body)));
    const latin1 = 'text/plain; charset=iso-8859-1';
    const café = Buffer.from('café', 'latin1');
    await request(server).post('/echo').set('Content-Type', latin1).send(café).expect(200, 'café');
    for (let i = 0; i <= LIMIT; i++) {
      await request(server).post('/echo').set('Content-Type', `text/plain; charset=utf-8; n=${i}`).send(`n${i}`).expect(200, `n${i}`);
    }
    await request(server).post('/echo').set('Content-Type', latin1).send(café).expect(200, 'café');
  }, 60_000);
});

/**
 * Issue 17, finding 5: the memos were bounded in entries only, and 1,000 distinct 13 KB Accept
 * fields held 412 MiB. A field longer than LONGEST_KEY is parsed per request and never kept, and
 * what is kept stays within MEMO_BYTES.
 */
describe('parseAccept(header), remembered within a budget of bytes', () => {
  const long = (i: number) => `${Array.from({ length: MAX_RANGES }, (_, j) => `text/x-${j};level=${i}`).join(', ')}, ${'x,'.repeat(5500)}`;

  it(`keeps no field longer than ${LONGEST_KEY} characters: 200 distinct 13 KB fields leave the memo as it was`, () => {
    const before = rememberedAccepts();
    for (let i = 0; i < 200; i++) expect(parseAccept(long(i))).toHaveLength(MAX_RANGES);
    expect(rememberedAccepts()).toEqual(before);
    expect(parseAccept(long(0))).not.toBe(parseAccept(long(0)));
  });

  it(`keeps at most ${MEMO_BYTES} bytes however many distinct fields of ${MAX_RANGES} ranges under ${LONGEST_KEY} characters arrive`, () => {
    const field = (i: number) => [`x/${i}`, ...Array.from({ length: MAX_RANGES - 1 }, (_, j) => `a/${j}`)].join(',');
    expect(field(2999).length).toBeLessThanOrEqual(LONGEST_KEY);
    for (let i = 0; i < 3000; i++) {
      expect(parseAccept(field(i))).toHaveLength(MAX_RANGES);
      expect(rememberedAccepts().bytes).toBeLessThanOrEqual(MEMO_BYTES);
    }
    expect(rememberedAccepts().entries).toBeLessThan(LIMIT);
  });
});

describe('the Content-Type of a request, remembered within a budget of bytes', () => {
  const info = (contentType: string) => createRequestInfo('POST', '/', { 'content-type': contentType, 'content-length': '1' });

  it(`parses a Content-Type longer than ${LONGEST_KEY} characters per request and keeps nothing of it`, () => {
    const long = `text/plain; charset=utf-8; boundary="${'b'.repeat(13_000)}"`;
    const first = info(long).contentType;
    expect(first).toMatchObject({ type: 'text', subtype: 'plain' });
    expect(info(long).contentType).not.toBe(first);
    const short = 'text/plain; charset=utf-8; n=remembered';
    expect(info(short).contentType).toBe(info(short).contentType);
  });
});

describe('Accept fields over HTTP, remembered within a budget of bytes', () => {
  const listening = listeningServers();

  it('answers 200 to 100 distinct 13 KB Accept fields, and keeps none of them', async () => {
    const server = await listening(serve((api) => api.get('/book').produces('application/json').handle(() => ({ title: 'Dune' }))));
    const before = rememberedAccepts();
    for (let i = 0; i < 100; i++) {
      const accept = `application/json, text/x-${i};q=0.5, ${'text/x-long;q=0.1, '.repeat(700)}`;
      expect(accept.length).toBeGreaterThan(13_000);
      await request(server).get('/book').set('Accept', accept).expect(200);
    }
    expect(rememberedAccepts()).toEqual(before);
  }, 30_000);
});
