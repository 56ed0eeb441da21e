import request from 'supertest';
import { Form } from '../../src';
import { serve } from '../setup/negotiation-fixture';

/** Merges like a careless handler would: exactly what prototype pollution exploits. */
function naiveMerge(target: Record<string, unknown>, source: unknown): Record<string, unknown> {
  for (const key of Object.keys(source as object)) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null) {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      naiveMerge(target[key] as Record<string, unknown>, value);
    } else target[key] = value;
  }
  return target;
}

describe('prototype pollution through body keys', () => {
  const received: unknown[] = [];
  const app = serve((api) => {
    api.post('/objects').body(Object).produces('application/json').handle(({ body }) => {
      received.push(body);
      return naiveMerge({}, body);
    });
    api.post('/forms').body(Form).produces('application/json').handle(({ body }) => {
      received.push(body);
      return Object.fromEntries(Object.keys(body).map((key) => [key, body[key]]));
    });
  });

  beforeEach(() => {
    received.length = 0;
  });

  afterEach(() => {
    // Whatever happened, Object.prototype must be as it was.
    expect(Object.getOwnPropertyNames(Object.prototype).filter((name) => ['polluted', 'isAdmin'].includes(name))).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.each([
    ['__proto__', '{"__proto__":{"polluted":true},"title":"Dune"}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":true}},"title":"Dune"}'],
    ['nested __proto__', '{"title":"Dune","meta":{"__proto__":{"polluted":true},"ok":1}}'],
    ['a unicode-escaped __proto__', '{"\\u005f_proto__":{"polluted":true},"title":"Dune"}'],
    ['prototype', '{"prototype":{"polluted":true},"title":"Dune"}'],
  ])('drops %s from a JSON body', async (_key, body) => {
    const res = await request(app).post('/objects').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(200);
    const read = received[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read).filter((key) => ['__proto__', 'constructor', 'prototype'].includes(key))).toEqual([]);
    expect(read['title']).toBe('Dune');
    expect(res.text).not.toContain('polluted');
  });

  it('drops __proto__, constructor and prototype from XML bodies', async () => {
    const xml = '<book><__proto__><polluted>true</polluted></__proto__><constructor><prototype><polluted>1</polluted></prototype></constructor><title>Dune</title></book>';
    const res = await request(app).post('/objects').set('Content-Type', 'application/xml').send(xml);
    expect(res.status).toBe(200);
    expect(received[0]).toEqual({ title: 'Dune' });
  });

  it.each(['__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]'])('drops the form key %s', async (key) => {
    const res = await request(app).post('/forms').type('form').send(`${encodeURIComponent(key)}=true&title=Dune&${key}=1`);
    expect(res.status).toBe(200);
    const form = received[0] as Form;
    const dangerous = ['__proto__', 'constructor', 'prototype'];
    expect(Object.keys(form).filter((name) => dangerous.includes(name))).toEqual([]);
    expect(Form.first(form, 'title')).toBe('Dune');
    expect(res.body).toMatchObject({ title: ['Dune'] });
  });

  it('keeps harmless names that only look like Object.prototype members', async () => {
    const res = await request(app).post('/forms').type('form').send('toString=a&hasOwnProperty=b&valueOf=c');
    expect(res.body).toEqual({ toString: ['a'], hasOwnProperty: ['b'], valueOf: ['c'] });
  });
});
