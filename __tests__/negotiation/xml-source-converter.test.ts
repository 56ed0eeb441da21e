import { DOMParser } from '@xmldom/xmldom';
import request from 'supertest';
import { XmlDocument } from '../../src';
import { serve } from '../setup/negotiation-fixture';

describe('the XML source converter over HTTP', () => {
  const received: XmlDocument[] = [];
  const app = serve((api) => {
    api.post('/documents').body(XmlDocument).handle(({ body }) => {
      received.push(body);
      const titles = body.getElementsByTagName('title');
      const root = body.documentElement!;
      root.setAttribute('count', String(titles.length));
      return body;
    });
    api.get('/documents/new').produces('application/xml', 'application/atom+xml').handle(() => {
      return new DOMParser().parseFromString('<shelf xmlns="urn:shelf"><book id="1">Dune</book></shelf>', 'application/xml');
    });
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('reads XML into a DOM Document that keeps namespaces and attributes', async () => {
    const xml = '<shelf xmlns="urn:shelf"><book id="1"><title>Dune</title></book><book id="2"><title>Emma</title></book></shelf>';
    const res = await request(app).post('/documents').set('Content-Type', 'application/xml').send(xml);
    expect(res.status).toBe(200);
    const doc = received[0]!;
    expect(doc.nodeType).toBe(9);
    expect(doc.documentElement?.namespaceURI).toBe('urn:shelf');
    expect(doc.getElementsByTagName('book')[1]?.getAttribute('id')).toBe('2');
  });

  it('writes a Document back as XML with a declaration that agrees with the Content-Type', async () => {
    const res = await request(app).post('/documents').set('Content-Type', 'text/xml').send('<shelf><title>Dune</title></shelf>');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.text).toBe('<?xml version="1.0" encoding="UTF-8"?><shelf count="1"><title>Dune</title></shelf>');
  });

  it('reads an XML body in the charset of its encoding declaration', async () => {
    const body = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><shelf><title>Les Misérables</title></shelf>', 'latin1');
    await request(app).post('/documents').set('Content-Type', 'application/xml').send(body).expect(200);
    expect(received[0]?.getElementsByTagName('title')[0]?.textContent).toBe('Les Misérables');
  });

  it('writes a Document as any XML type the route produces', async () => {
    const atom = await request(app).get('/documents/new').set('Accept', 'application/atom+xml');
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const json = await request(app).get('/documents/new').set('Accept', 'application/json');
    expect(json.status).toBe(406);
    const xml = await request(app).get('/documents/new').set('Accept', 'application/xml');
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.text).toContain('<shelf xmlns="urn:shelf"><book id="1">Dune</book></shelf>');
  });
});
