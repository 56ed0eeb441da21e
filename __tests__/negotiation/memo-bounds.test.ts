import request from 'supertest';
import { parseAccept } from '../../src/http/accept-header';
import { listeningServers } from '../setup/listening';
import { serve } from './negotiation-fixture';

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
