import request from 'supertest';
import { createApp } from '../src/app';

const NDJSON = 'application/x-ndjson';
const lines = (...values: unknown[]): string => values.map((value) => `${JSON.stringify(value)}\n`).join('');
const attic = { sensor: 'attic', celsius: 21.5, at: '2026-11-24T10:00:00Z' };
const cellar = { sensor: 'cellar', celsius: 12, at: '2026-11-24T10:00:00Z' };

describe('POST /readings', () => {
  it('imports NDJSON, one reading per line', async () => {
    const app = createApp();
    const res = await request(app).post('/readings').set('Content-Type', NDJSON).send(lines(attic, cellar));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 2, total: 2 });
  });

  it('accepts CRLF line ends and blank lines', async () => {
    const res = await request(createApp()).post('/readings').set('Content-Type', NDJSON).send(`${JSON.stringify(attic)}\r\n\r\n${JSON.stringify(cellar)}`);
    expect(res.body).toEqual({ imported: 2, total: 2 });
  });

  it('answers 400 naming the line that is not JSON, and imports nothing', async () => {
    const app = createApp();
    const res = await request(app).post('/readings').set('Content-Type', NDJSON).send(`${lines(attic)}{"sensor": "cellar",\n`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body).toMatchObject({ type: 'urn:represent:problem:malformed-body', line: 2 });
    expect(res.body.detail).toMatch(/line 2 is not a JSON text/);
    expect((await request(app).get('/readings').set('Accept', 'application/json')).body).toEqual([]);
  });

  it('answers 400 with the pointer of a reading the schema refuses', async () => {
    const res = await request(createApp())
      .post('/readings')
      .set('Content-Type', NDJSON)
      .send(lines(attic, { ...cellar, celsius: 300 }));
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('urn:represent:problem:invalid-body');
    expect(res.body.errors).toEqual([{ pointer: '/1/celsius', detail: expect.any(String) }]);
  });

  it('refuses a line nested deeper than the router allows before parsing it', async () => {
    const res = await request(createApp()).post('/readings').set('Content-Type', NDJSON).send(`${'['.repeat(10_000)}\n`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/nests deeper than 64 levels/);
  });

  it('answers 413 for a body over the route limit of 256 KiB', async () => {
    const res = await request(createApp()).post('/readings').set('Content-Type', NDJSON).send(lines(attic).repeat(5000));
    expect(res.status).toBe(413);
  });

  it('answers 415 for a type no route reads', async () => {
    const res = await request(createApp()).post('/readings').set('Content-Type', 'text/csv').send('sensor,celsius\nattic,21.5\n');
    expect(res.status).toBe(415);
  });
});

describe('GET /readings', () => {
  async function withTwoReadings() {
    const app = createApp();
    await request(app).post('/readings').send([attic, cellar]);
    return app;
  }

  it('answers NDJSON when the client asks for it', async () => {
    const res = await request(await withTwoReadings()).get('/readings').set('Accept', NDJSON);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(NDJSON);
    expect(res.text).toBe(lines(attic, cellar));
  });

  it('answers a JSON array by default, and names Accept in Vary', async () => {
    const res = await request(await withTwoReadings()).get('/readings');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual([attic, cellar]);
    expect(res.headers['vary']).toMatch(/Accept/i);
  });

  it('answers 406 to a client that takes neither', async () => {
    const res = await request(createApp()).get('/readings').set('Accept', 'application/xml');
    expect(res.status).toBe(406);
  });
});
