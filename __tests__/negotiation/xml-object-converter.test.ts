import request from 'supertest';
import { Parser as Xml2js } from 'xml2js';
import { z } from 'zod';
import { serve } from '../setup/negotiation-fixture';

const Book = z.object({
  title: z.string(),
  year: z.number().int(),
  available: z.boolean(),
  tags: z.array(z.string()),
  authors: z.array(z.object({ name: z.string(), born: z.number().optional() })),
});
type Book = z.infer<typeof Book>;

const DUNE: Book = {
  title: 'Dune',
  year: 1965,
  available: true,
  tags: ['sf', 'classic'],
  authors: [{ name: 'Frank Herbert', born: 1920 }],
};

describe('the XML object converter over HTTP', () => {
  const received: unknown[] = [];
  const app = serve((api) => {
    api.post('/books').body(Book).xmlRoot('book').handle(({ body }) => {
      received.push(body);
      return body;
    });
    api.post('/loose').body(Object).handle(({ body }) => {
      received.push(body);
      return body;
    });
    api.get('/books/dune').produces('application/json', 'application/xml').handle(() => DUNE);
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('reads an XML body into the object a JSON body gives, with the schema deciding numbers, booleans and arrays', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <book>
        <title>Dune</title><year>1965</year><available>true</available>
        <tags>sf</tags><tags>classic</tags>
        <authors><name>Frank Herbert</name><born>1920</born></authors>
      </book>`;
    await request(app).post('/books').set('Content-Type', 'application/xml').send(xml).expect(200);
    await request(app).post('/books').set('Content-Type', 'application/json').send(JSON.stringify(DUNE)).expect(200);
    expect(received).toEqual([DUNE, DUNE]);
  });

  it('reads a single element as a one-item array where the schema says array', async () => {
    const xml = '<book><title>Dune</title><year>1965</year><available>false</available><tags>sf</tags><authors><name>F</name></authors></book>';
    await request(app).post('/books').set('Content-Type', 'text/xml').send(xml).expect(200);
    expect(received).toEqual([{ title: 'Dune', year: 1965, available: false, tags: ['sf'], authors: [{ name: 'F' }] }]);
  });

  it.each([
    ['CRLF', '<a><t>x\r\ny</t><u>z\rw</u></a>'],
    ['CRLF with a comment, which takes the full parser', '<a><!-- c --><t>x\r\ny</t><u>z\rw</u></a>'],
  ])('passes %s in text on as LF (XML 1.0 section 2.11), and a &#13; reference as CR', async (_, xml) => {
    const res = await request(app).post('/loose').set('Content-Type', 'application/xml').set('Accept', 'application/json').send(xml).expect(200);
    expect(res.body).toEqual({ t: 'x\ny', u: 'z\nw' });
    const kept = await request(app).post('/loose').set('Content-Type', 'application/xml').set('Accept', 'application/json').send('<a><t>x&#13;&#10;y</t></a>');
    expect(kept.body).toEqual({ t: 'x\r\ny' });
  });

  it('reads application/*+xml types too', async () => {
    const xml = '<book><title>Dune</title><year>1965</year><available>true</available><tags>sf</tags><tags>classic</tags><authors><name>Frank Herbert</name><born>1920</born></authors></book>';
    await request(app).post('/books').set('Content-Type', 'application/vnd.bookcase+xml').send(xml).expect(200);
    expect(received).toEqual([DUNE]);
  });

  it('leaks no xml2js artefacts ($, _, #name) into the object', async () => {
    const xml = '<book xmlns="urn:books" xmlns:x="urn:x" id="7"><x:title lang="en">Dune</x:title><note>a<b>bold</b></note></book>';
    await request(app).post('/loose').set('Content-Type', 'application/xml').send(xml).expect(200);
    expect(received).toEqual([{ id: '7', title: { lang: 'en', value: 'Dune' }, note: { b: 'bold', value: 'a' } }]);
    expect(JSON.stringify(received)).not.toMatch(/"\$|"_"|#name/);
  });

  it('writes the same object as XML with the same field names as JSON', async () => {
    const asJson = await request(app).get('/books/dune').set('Accept', 'application/json');
    const asXml = await request(app).get('/books/dune').set('Accept', 'application/xml');
    expect(asXml.status).toBe(200);
    expect(asXml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(asXml.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><dune><title>Dune</title><year>1965</year><available>true</available>' +
        '<tags>sf</tags><tags>classic</tags><authors><name>Frank Herbert</name><born>1920</born></authors></dune>',
    );
    const parsed = (await new Xml2js({ explicitArray: false }).parseStringPromise(asXml.text)) as { dune: Record<string, unknown> };
    expect(Object.keys(parsed.dune)).toEqual(Object.keys(asJson.body as object));
  });

  it('reads back what it wrote as the object JSON reads back', async () => {
    const written = await request(app).post('/books').set('Content-Type', 'application/json').set('Accept', 'application/xml').send(JSON.stringify(DUNE));
    expect(written.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(written.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><book>/);
    received.length = 0;
    const back = await request(app).post('/books').set('Content-Type', 'application/xml').set('Accept', 'application/json').send(written.text);
    expect(back.status).toBe(200);
    expect(back.body).toEqual(DUNE);
  });
});
