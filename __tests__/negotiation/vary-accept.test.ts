import request from 'supertest';
import { ResponseEntity } from '../../src';
import { serve } from '../setup/negotiation-fixture';

describe('Vary: Accept', () => {
  const app = serve((api) => {
    api.get('/two').produces('application/json', 'application/xml').handle(() => ({ a: 1 }));
    api.get('/one').produces('application/json').handle(() => ({ a: 1 }));
    api.get('/undeclared').handle(() => ({ a: 1 }));
    api.get('/text').handle(() => 'hi');
    api.get('/bytes').handle(() => Buffer.from('hi'));
    api.get('/any-bytes').produces('*/*').handle(() => Buffer.from('hi'));
    api.get('/png').produces('image/png').handle(() => Buffer.from('hi'));
    api.get('/explicit').handle(() => ResponseEntity.ok('hi').header('Content-Type', 'text/plain'));
    api.get('/own-vary').produces('application/json', 'application/xml').handle(() => ResponseEntity.ok({ a: 1 }).header('Vary', 'Accept-Language'));
  });

  it.each([
    ['/two', 'the route produces two types'],
    ['/undeclared', 'the converters can write an object as JSON or XML'],
    ['/text', 'a string can be written as any text type'],
    ['/any-bytes', 'the route produces bytes as any type'],
  ])('is sent for %s, where %s, with or without Accept', async (path) => {
    expect((await request(app).get(path)).headers['vary']).toBe('Accept');
    expect((await request(app).get(path).set('Accept', '*/*')).headers['vary']).toBe('Accept');
  });

  it.each([
    ['/one', 'the route produces one type'],
    ['/png', 'the route produces one concrete type'],
    ['/bytes', 'bytes without produces are application/octet-stream whatever Accept says'],
    ['/explicit', 'the handler set the Content-Type'],
  ])('is not sent for %s, where %s', async (path) => {
    const res = await request(app).get(path).set('Accept', '*/*');
    expect(res.status).toBe(200);
    expect(res.headers['vary']).toBeUndefined();
  });

  it('is added to the handler\'s own Vary', async () => {
    expect((await request(app).get('/own-vary')).headers['vary']).toBe('Accept-Language, Accept');
  });
});
