import request from 'supertest';
import { binary, serve } from '../setup/negotiation-fixture';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);

describe('the byte-array converter over HTTP', () => {
  const received: Buffer[] = [];
  const app = serve((api) => {
    api.post('/blobs').body(Buffer).handle(({ body }) => {
      received.push(body);
      return body;
    });
    api.post('/bytes').body(Uint8Array).handle(({ body }) => ({ length: body.length }));
    api.get('/images/logo').produces('image/png').handle(() => PNG);
    api.get('/blobs/raw').handle(() => new Uint8Array([1, 2, 3]));
    api.get('/blobs/any').produces('*/*').handle(() => new Uint8Array([1, 2, 3]));
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('reads application/octet-stream untouched', async () => {
    await request(app).post('/blobs').set('Content-Type', 'application/octet-stream').send(PNG).expect(200);
    expect(received).toEqual([PNG]);
  });

  it('reads any media type into bytes, undecoded', async () => {
    await request(app).post('/blobs').set('Content-Type', 'image/png').send(PNG).expect(200);
    await request(app).post('/blobs').set('Content-Type', 'text/plain; charset=utf-8').send(Buffer.from([0xc3, 0x28])).expect(200);
    expect(received).toEqual([PNG, Buffer.from([0xc3, 0x28])]);
  });

  it('reads a body without Content-Type as application/octet-stream', async () => {
    const res = await request(app).post('/bytes').unset('Content-Type').send(PNG);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ length: PNG.length });
  });

  it('writes bytes as application/octet-stream by default', async () => {
    const res = await request(app).post('/blobs').set('Content-Type', 'application/octet-stream').send(PNG).buffer(true).parse(binary);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.body).toEqual(PNG);
  });

  it('writes bytes as whatever type the route produces, with no charset', async () => {
    const res = await request(app).get('/images/logo').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body).toEqual(PNG);
  });

  it('writes any Uint8Array', async () => {
    const res = await request(app).get('/blobs/raw').buffer(true).parse(binary);
    expect(res.body).toEqual(Buffer.from([1, 2, 3]));
  });

  it('writes bytes without produces as application/octet-stream whatever Accept asks for (issue 18)', async () => {
    const res = await request(app).get('/blobs/raw').set('Accept', 'image/webp, */*;q=0.1').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect((await request(app).get('/blobs/raw').set('Accept', 'image/webp')).status).toBe(406);
  });

  it('writes bytes as the type Accept asks for when the route produces any type', async () => {
    const res = await request(app).get('/blobs/any').set('Accept', 'image/webp').buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.body).toEqual(Buffer.from([1, 2, 3]));
  });
});
