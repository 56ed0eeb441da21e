import request from 'supertest';
import { AS_ADMIN, JPEG, PNG, expectProblem, service } from '../setup/service-fixture';

const ONE_YEAR_MS = 31_536_000_000;

describe('PUT /users/{id}/avatar', () => {
  it('stores PNG bytes: 201 the first time, 204 after, and the user links to the version', async () => {
    const { app } = service();
    const res = await request(app).put('/users/1/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').send(PNG);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/users/1/avatar');
    expect((await request(app).get('/users/1')).body.avatar).toBe('/users/1/avatar;v=11');
    expect((await request(app).put('/users/1/avatar').set(AS_ADMIN).set('Content-Type', 'image/jpeg').send(JPEG)).status).toBe(204);
    expect((await request(app).get('/users/1')).body.avatar).toBe('/users/1/avatar;v=14');
  });

  it('answers 400 to bytes that are not the image type they claim', async () => {
    const { app } = service();
    expectProblem(await request(app).put('/users/1/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').send(JPEG), 400);
  });

  it('answers 415 to other types, 413 over 256 KiB, 404 for no such user', async () => {
    const { app } = service();
    expectProblem(await request(app).put('/users/1/avatar').set(AS_ADMIN).set('Content-Type', 'image/gif').send(Buffer.from('GIF89a')), 415);
    const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    expectProblem(await request(app).put('/users/1/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').send(big), 413);
    expectProblem(await request(app).put('/users/404/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').send(PNG), 404);
  });

  it('answers 404 for no such user whatever the preconditions say (RFC 9110 section 13.2.1)', async () => {
    const { app } = service();
    for (const [name, value] of [['If-Match', '"1"'], ['If-Match', '*'], ['If-None-Match', '*']] as const) {
      expectProblem(await request(app).put('/users/404/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').set(name, value).send(PNG), 404);
    }
  });

  it('answers 412 on a stale If-Match', async () => {
    const { app } = service();
    await request(app).put('/users/1/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').send(PNG);
    expectProblem(await request(app).put('/users/1/avatar').set(AS_ADMIN).set('Content-Type', 'image/jpeg').set('If-Match', '"2"').send(JPEG), 412);
    expect((await request(app).put('/users/1/avatar').set(AS_ADMIN).set('Content-Type', 'image/jpeg').set('If-Match', '"11"').send(JPEG)).status).toBe(204);
  });
});

describe('GET /users/{id}/avatar', () => {
  const { app } = service();
  beforeAll(async () => {
    await request(app).put('/users/2/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').send(PNG);
  });

  it('answers the bytes with their type, no-cache, and 304 from their version', async () => {
    const res = await request(app).get('/users/2/avatar').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
    expect((await request(app).get('/users/2/avatar').set('If-None-Match', res.headers.etag!)).status).toBe(304);
  });

  it('answers the versioned URL as never expiring: immutable, Expires a year ahead', async () => {
    const link = (await request(app).get('/users/2')).body.avatar as string;
    const res = await request(app).get(link).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('max-age=31536000, immutable');
    const ahead = Date.parse(res.headers.expires!) - Date.parse(res.headers.date!);
    expect(ahead).toBeLessThanOrEqual(ONE_YEAR_MS);
    expect(ahead).toBeGreaterThan(ONE_YEAR_MS - 2000);
    const revalidated = await request(app).get(link).set('If-None-Match', res.headers.etag!);
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('max-age=31536000, immutable');
  });

  it('answers 404 for an old version, a user without avatar, and no such user', async () => {
    await request(app).put('/users/2/avatar').set(AS_ADMIN).set('Content-Type', 'image/jpeg').send(JPEG);
    expectProblem(await request(app).get('/users/2/avatar;v=11'), 404);
    expect((await request(app).get('/users/2/avatar;v=14')).status).toBe(200);
    expectProblem(await request(app).get('/users/3/avatar'), 404);
    expectProblem(await request(app).get('/users/404/avatar'), 404);
  });

  it('answers 406 to an Accept that allows no image', async () => {
    expectProblem(await request(app).get('/users/2/avatar').set('Accept', 'application/json'), 406);
  });

  it('answers 406 naming the stored type to an Accept that allows only the other image type', async () => {
    // The avatar is a JPEG since the test before: a client that takes only PNG cannot have it.
    const refused = expectProblem(await request(app).get('/users/2/avatar').set('Accept', 'image/png'), 406);
    expect(refused.available).toEqual(['image/jpeg']);
    const res = await request(app).get('/users/2/avatar').set('Accept', 'image/png;q=1, image/jpeg;q=0.5').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('is deleted with its user', async () => {
    await request(app).delete('/users/2').set(AS_ADMIN);
    expectProblem(await request(app).get('/users/2/avatar'), 404);
  });
});

describe('PUT /users/{id}/avatar as multipart/form-data', () => {
  it('stores the image of the form\'s avatar file, with the part\'s type, and answers it as raw bytes would be', async () => {
    const { app } = service();
    const res = await request(app).put('/users/1/avatar').set(AS_ADMIN).field('note', 'me').attach('avatar', PNG, { filename: 'me.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    const stored = await request(app).get('/users/1/avatar').buffer(true);
    expect([stored.headers['content-type'], Buffer.compare(stored.body as Buffer, PNG)]).toEqual(['image/png', 0]);
    expect((await request(app).put('/users/1/avatar').set(AS_ADMIN).attach('avatar', JPEG, { filename: 'me.jpg', contentType: 'image/jpeg' })).status).toBe(204);
  });

  it.each([
    ['no avatar file', (r: request.Test) => r.field('note', 'me'), 400],
    ['a file of another type', (r: request.Test) => r.attach('avatar', Buffer.from('GIF89a'), { filename: 'a.gif', contentType: 'image/gif' }), 400],
    ['bytes that are not the type the part claims', (r: request.Test) => r.attach('avatar', JPEG, { filename: 'a.png', contentType: 'image/png' }), 400],
    ['a file over 256 KiB', (r: request.Test) => r.attach('avatar', Buffer.concat([PNG, Buffer.alloc(256 * 1024)]), { filename: 'a.png', contentType: 'image/png' }), 413],
    ['two files', (r: request.Test) => r.attach('avatar', PNG, { filename: 'a.png', contentType: 'image/png' }).attach('avatar', PNG, { filename: 'b.png', contentType: 'image/png' }), 413],
  ])('answers %s with a problem', async (_case, build, status) => {
    const { app } = service();
    expectProblem(await build(request(app).put('/users/1/avatar').set(AS_ADMIN)), status);
  });

  it('answers 404 for no such user', async () => {
    const { app } = service();
    expectProblem(await request(app).put('/users/404/avatar').set(AS_ADMIN).attach('avatar', PNG, { filename: 'a.png', contentType: 'image/png' }), 404);
  });
});

describe('GET /users/{id}/avatar with Range', () => {
  const { app } = service();
  beforeAll(async () => {
    await request(app).put('/users/2/avatar').set(AS_ADMIN).set('Content-Type', 'image/png').send(PNG);
  });
  const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => callback(null, Buffer.concat(chunks)));
  };

  it('answers 206 with the range asked for, Accept-Ranges on the 200', async () => {
    const full = await request(app).get('/users/2/avatar').expect(200);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const res = await request(app).get('/users/2/avatar').set('Range', 'bytes=0-3').buffer(true).parse(binary).expect(206);
    expect(res.headers['content-range']).toBe(`bytes 0-3/${PNG.length}`);
    expect(Buffer.compare(res.body as Buffer, PNG.subarray(0, 4))).toBe(0);
  });

  it('answers 206 when If-Range is the current tag, the full 200 when it is not, 416 past the end', async () => {
    const { etag } = (await request(app).get('/users/2/avatar')).headers;
    await request(app).get('/users/2/avatar').set('Range', 'bytes=1-2').set('If-Range', etag!).expect(206);
    await request(app).get('/users/2/avatar').set('Range', 'bytes=1-2').set('If-Range', '"0"').expect(200);
    const res = await request(app).get('/users/2/avatar').set('Range', `bytes=${PNG.length}-`);
    expectProblem(res, 416);
    expect(res.headers['content-range']).toBe(`bytes */${PNG.length}`);
  });
});
