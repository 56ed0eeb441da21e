import request from 'supertest';
import { createApp } from '../../routes/app';
import { usableRequestId } from '../../routes/http/request-id';
import { listeningServers } from '../setup/listening';

const listening = listeningServers();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('usableRequestId(sent)', () => {
  it.each([
    ['0d4f7e0a-3b1c-4c1e-9f6a-2b7d8e9f0a1b', true],
    ['abc', true],
    ['a', true],
    ['trace:1/2+3=.-_', true],
    ['x'.repeat(128), true],
    ['x'.repeat(129), false],
    ['', false],
    ['two words', false],
    ['a, b', false],
    ['"quoted"', false],
    ['<script>', false],
    ['caf\u00e9', false],
  ])('takes %j: %s', (sent, usable) => {
    expect(usableRequestId(sent)).toBe(usable ? sent : undefined);
  });

  it('takes no list and no absent header', () => {
    expect(usableRequestId(['a', 'b'])).toBeUndefined();
    expect(usableRequestId(undefined)).toBeUndefined();
  });
});

describe('the service\'s request id (X-Request-Id), a router hook', () => {
  it('echoes a usable X-Request-Id the client sent', async () => {
    const { app } = createApp({ cache: false });
    await request(app).get('/bookcase').set('X-Request-Id', 'client-42').expect(200).expect('X-Request-Id', 'client-42');
  });

  it.each([
    ['too long', 'x'.repeat(129)],
    ['holding a space', 'a b'],
    ['holding a quote', 'a"b'],
  ])('generates a UUID when the one sent is %s', async (_case, sent) => {
    const { app } = createApp({ cache: false });
    const res = await request(app).get('/bookcase').set('X-Request-Id', sent).expect(200);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('generates a different UUID for each request that sends none', async () => {
    const { app } = createApp({ cache: false });
    const first = await request(app).get('/bookcase');
    const second = await request(app).get('/bookcase');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('carries the id on the problems the routes answer and on OPTIONS', async () => {
    const { app } = createApp({ cache: false });
    await request(app).get('/users/404').set('X-Request-Id', 'p-1').expect(404).expect('X-Request-Id', 'p-1');
    await request(app).options('/users/1').set('X-Request-Id', 'o-1').expect(204).expect('X-Request-Id', 'o-1');
  });

  it('carries the id on the 404 of a path no route matches and on the 400 of an invalid Host', async () => {
    const { app } = createApp({ cache: false });
    await request(app).get('/nowhere').set('X-Request-Id', 'n-1').expect(404).expect('X-Request-Id', 'n-1');
    await request(app).get('/bookcase').set('Host', 'a.example/users/2').set('X-Request-Id', 'h-1').expect(400).expect('X-Request-Id', 'h-1');
    const unrouted = await request(app).delete('/nowhere').set('Host', 'a.example/x').expect(400);
    expect(unrouted.headers['x-request-id']).toMatch(UUID);
  });

  it('gives a hit and a 304 of the shared cache the id of the request it answers, not the stored one\'s', async () => {
    const { app } = createApp();
    const client = request(await listening(app));
    const miss = await client.get('/bookcase').set('X-Request-Id', 'first').expect('X-Cache', 'MISS').expect('X-Request-Id', 'first');
    await client.get('/bookcase').set('X-Request-Id', 'second').expect('X-Cache', 'HIT').expect('X-Request-Id', 'second');
    const hit = await client.get('/bookcase').expect('X-Cache', 'HIT');
    expect(hit.headers['x-request-id']).toMatch(UUID);
    await client.get('/bookcase').set('If-None-Match', miss.headers.etag as string).set('X-Request-Id', 'third').expect(304).expect('X-Request-Id', 'third');
  });
});
