import request from 'supertest';
import { AS_ADMIN, JSON_TYPE, XML_TYPE, expectProblem, service } from '../setup/service-fixture';

const XML_BOOKCASE = `<?xml version="1.0"?>
<bookcase><name>Study</name>
  <books><isbn>9780134685991</isbn><title>Effective Java</title><author>Joshua Bloch</author><year>2018</year></books>
</bookcase>`;

describe('GET /bookcase', () => {
  const { app } = service();

  it('answers JSON by default, fresh for a minute, with a version ETag and Last-Modified', async () => {
    const res = await request(app).get('/bookcase');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.headers['cache-control']).toBe('max-age=60');
    expect(res.headers.etag).toBe('"1;json"');
    expect(res.headers['last-modified']).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    expect(res.headers.vary).toBe('Accept');
    expect(res.body).toMatchObject({ name: 'Living room', books: expect.arrayContaining([expect.objectContaining({ isbn: '9780201633610', year: 1994 })]) });
  });

  it('answers JSON for */*, and XML rooted at <bookcase> when asked', async () => {
    expect((await request(app).get('/bookcase').set('Accept', '*/*')).headers['content-type']).toBe(JSON_TYPE);
    const xml = await request(app).get('/bookcase').set('Accept', 'application/xml');
    expect(xml.headers['content-type']).toBe(XML_TYPE);
    expect(xml.headers.etag).toBe('"1;xml"');
    expect(xml.text).toMatch(/^<\?xml[^>]*\?><bookcase><name>Living room<\/name><books><isbn>9780131103627<\/isbn>/);
  });

  it('answers 406 listing the types it has when Accept allows none', async () => {
    const problem = expectProblem(await request(app).get('/bookcase').set('Accept', 'text/csv'), 406);
    expect(problem.available).toEqual(['application/json', 'application/xml']);
  });

  it('answers 304 to If-None-Match with the current tag, and to If-Modified-Since the seed date', async () => {
    const tagged = await request(app).get('/bookcase').set('If-None-Match', '"1;json"');
    expect(tagged.status).toBe(304);
    expect(tagged.headers.etag).toBe('"1;json"');
    expect(tagged.headers['cache-control']).toBe('max-age=60');
    expect((await request(app).get('/bookcase').set('If-Modified-Since', 'Mon, 01 Jan 2024 00:00:00 GMT')).status).toBe(304);
    expect((await request(app).get('/bookcase').set('If-None-Match', '"1;xml"')).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const res = await request(app).head('/bookcase');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"1;json"');
    expect(res.text).toBeUndefined();
  });

  it('answers OPTIONS with the methods of /bookcase', async () => {
    const res = await request(app).options('/bookcase');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, PUT, PATCH, OPTIONS');
  });

  it('answers 405 with Allow to DELETE', async () => {
    const res = await request(app).delete('/bookcase').set(AS_ADMIN);
    expectProblem(res, 405);
    expect(res.headers.allow).toBe('GET, HEAD, PUT, PATCH, OPTIONS');
  });
});

describe('GET /bookcase?view=summary', () => {
  const { app } = service();

  it('answers the name and the number of books, with the bookcase validators', async () => {
    const res = await request(app).get('/bookcase?view=summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'Living room', bookCount: 3 });
    expect(res.headers['cache-control']).toBe('max-age=60');
    expect(res.headers.etag).toBe('"1;json"');
    expect((await request(app).get('/bookcase?view=summary').set('If-None-Match', '"1;json"')).status).toBe(304);
  });

  it('answers XML too', async () => {
    const res = await request(app).get('/bookcase?view=summary').set('Accept', 'application/xml');
    expect(res.text).toContain('<bookcase><name>Living room</name><bookCount>3</bookCount></bookcase>');
  });

  it('answers the whole bookcase for any other view', async () => {
    expect((await request(app).get('/bookcase?view=full')).body).toHaveProperty('books');
  });
});

describe('PUT /bookcase', () => {
  it('replaces the bookcase with a JSON body: 204, no body, no-store, and a new version', async () => {
    const { app } = service();
    const bookcase = { name: 'Office', books: [{ isbn: '9780596517748', title: 'JavaScript: The Good Parts', author: 'Douglas Crockford', year: 2008 }] };
    const res = await request(app).put('/bookcase').set(AS_ADMIN).send(bookcase);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    const after = await request(app).get('/bookcase');
    expect(after.body).toEqual(bookcase);
    expect(after.headers.etag).toBe('"11;json"');
  });

  it('reads XML, with numbers and one-book lists from the schema', async () => {
    const { app } = service();
    expect((await request(app).put('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/xml').send(XML_BOOKCASE)).status).toBe(204);
    expect((await request(app).get('/bookcase')).body).toEqual({
      name: 'Study',
      books: [{ isbn: '9780134685991', title: 'Effective Java', author: 'Joshua Bloch', year: 2018 }],
    });
  });

  it('changes nothing, not even the version, when the same PUT comes twice', async () => {
    const { app } = service();
    const bookcase = (await request(app).get('/bookcase')).body;
    expect((await request(app).put('/bookcase').set(AS_ADMIN).send(bookcase)).status).toBe(204);
    expect((await request(app).get('/bookcase')).headers.etag).toBe('"1;json"');
  });

  it('answers 412 and changes nothing when If-Match is stale, and applies a current one', async () => {
    const { app } = service();
    const stale = await request(app).put('/bookcase').set(AS_ADMIN).set('If-Match', '"0;json"').send({ name: 'X', books: [] });
    expectProblem(stale, 412);
    expect((await request(app).get('/bookcase')).body.name).toBe('Living room');
    expect((await request(app).put('/bookcase').set(AS_ADMIN).set('If-Match', '"1;xml"').send({ name: 'X', books: [] })).status).toBe(204);
    expect((await request(app).get('/bookcase')).body).toEqual({ name: 'X', books: [] });
  });

  it('answers 400 listing each invalid member, and changes nothing', async () => {
    const { app } = service();
    const problem = expectProblem(await request(app).put('/bookcase').set(AS_ADMIN).send({ name: '', books: [{ isbn: 'x', title: 'T', author: 'A', year: 'soon' }] }), 400);
    expect((problem.errors as { pointer: string }[]).map((e) => e.pointer).sort()).toEqual(['/books/0/isbn', '/books/0/year', '/name']);
    expect((await request(app).get('/bookcase')).body.name).toBe('Living room');
  });

  it('answers 400 to text with a control character, from JSON or XML, so that every representation can still be written', async () => {
    const { app } = service();
    const book = { isbn: '9780596517748', title: 'Bell\u0007', author: 'A', year: 2008 };
    const problem = expectProblem(await request(app).put('/bookcase').set(AS_ADMIN).send({ name: 'Shelf', books: [book] }), 400);
    expect((problem.errors as { pointer: string }[]).map((e) => e.pointer)).toEqual(['/books/0/title']);
    expectProblem(await request(app).put('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/xml').send('<bookcase><name>ctl\u0001</name></bookcase>'), 400);
    const xml = await request(app).get('/bookcase').set('Accept', 'application/xml');
    expect(xml.status).toBe(200);
    expect(xml.text).toContain('<name>Living room</name>');
  });

  it('answers 400 to malformed JSON and to XML with a DOCTYPE (no entity expansion)', async () => {
    const { app } = service();
    expectProblem(await request(app).put('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/json').send('{"name":'), 400);
    const attack = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><bookcase><name>&lol2;</name></bookcase>`;
    expectProblem(await request(app).put('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/xml').send(attack), 400);
  });

  it('answers 415 to other media types and 413 over the body limit', async () => {
    const { app } = service();
    expectProblem(await request(app).put('/bookcase').set(AS_ADMIN).set('Content-Type', 'text/plain').send('Office'), 415);
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1), books: [] });
    expectProblem(await request(app).put('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/json').send(huge), 413);
  });
});

describe('PATCH /bookcase', () => {
  const merge = (app: Parameters<typeof request>[0], patch: unknown) =>
    request(app).patch('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send(JSON.stringify(patch));
  const jsonPatch = (app: Parameters<typeof request>[0], patch: unknown) =>
    request(app).patch('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/json-patch+json').send(JSON.stringify(patch));

  it('applies a merge patch (RFC 7396): 200 with the new bookcase and its ETag', async () => {
    const { app } = service();
    const res = await merge(app, { name: 'Library' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.body.name).toBe('Library');
    expect(res.body.books).toHaveLength(3);
    expect(res.headers.etag).toBe('"11;json"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/bookcase')).body.name).toBe('Library');
  });

  it('ignores a from on an operation that has none, and answers 400 to a pointer with a bad ~ escape (RFC 6902 section 4, RFC 6901 section 3)', async () => {
    const { app } = service();
    const ignored = await jsonPatch(app, [{ op: 'replace', path: '/name', value: 'Den', from: 5 }]);
    expect(ignored.status).toBe(200);
    expect(ignored.body.name).toBe('Den');
    const problem = expectProblem(await jsonPatch(app, [{ op: 'replace', path: '/name~', value: 'X' }]), 400);
    expect(problem.detail).toContain('JSON Pointer');
    expect((await request(app).get('/bookcase')).body.name).toBe('Den');
  });

  it('answers the patched bookcase as XML when asked', async () => {
    const { app } = service();
    const res = await merge(app, { name: 'Library' }).set('Accept', 'application/xml');
    expect(res.headers['content-type']).toBe(XML_TYPE);
    expect(res.text).toContain('<bookcase><name>Library</name>');
  });

  it('applies a JSON Patch (RFC 6902): test, add, remove, replace, move, copy', async () => {
    const { app } = service();
    const res = await jsonPatch(app, [
      { op: 'test', path: '/name', value: 'Living room' },
      { op: 'add', path: '/books/-', value: { isbn: '9780596517748', title: 'JavaScript: The Good Parts', author: 'Douglas Crockford', year: 2008 } },
      { op: 'remove', path: '/books/0' },
      { op: 'replace', path: '/books/0/year', value: 1995 },
      { op: 'move', from: '/books/1', path: '/books/0' },
      { op: 'copy', from: '/books/0/title', path: '/name' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Introduction to Algorithms');
    expect(res.body.books.map((b: { isbn: string }) => b.isbn)).toEqual(['9780262033848', '9780201633610', '9780596517748']);
    expect(res.body.books[1].year).toBe(1995);
  });

  it('answers 409 to a failing test or a path that does not exist, and changes nothing', async () => {
    const { app } = service();
    const failed = expectProblem(await jsonPatch(app, [{ op: 'replace', path: '/name', value: 'New' }, { op: 'test', path: '/name', value: 'Old' }]), 409);
    expect(failed.operation).toBe(1);
    expectProblem(await jsonPatch(app, [{ op: 'remove', path: '/shelves' }]), 409);
    expectProblem(await jsonPatch(app, [{ op: 'replace', path: '/books/7/title', value: 'T' }]), 409);
    expectProblem(await jsonPatch(app, [{ op: 'add', path: '/books/9', value: {} }]), 409);
    expectProblem(await jsonPatch(app, [{ op: 'copy', from: '/owner', path: '/name' }]), 409);
    // Members JavaScript objects inherit, and array indexes with leading zeros, are not in the document.
    expectProblem(await jsonPatch(app, [{ op: 'remove', path: '/toString' }]), 409);
    expect((expectProblem(await jsonPatch(app, [{ op: 'copy', from: '/books/0/toString', path: '/name' }]), 409).detail)).toMatch(/'\/books\/0\/toString' \(from\)/);
    const book = { isbn: '9780596517748', title: 'T', author: 'A', year: 2008 };
    expectProblem(await jsonPatch(app, [{ op: 'add', path: '/books/01', value: book }]), 409);
    const after = await request(app).get('/bookcase');
    expect(after.body.name).toBe('Living room');
    expect(after.headers.etag).toBe('"1;json"');
  });

  it('answers 400 to a malformed JSON Patch', async () => {
    const { app } = service();
    for (const patch of [
      { op: 'add', path: '/name', value: 'x' },
      [{ op: 'rename', path: '/name' }],
      [{ op: 'add', path: 'name', value: 'x' }],
      [{ op: 'replace', path: '/name' }],
      [{ op: 'move', path: '/name' }],
      [{ op: 'move', from: '/books', path: '/books/0' }],
      [{ op: 'add', path: '/__proto__/polluted', value: true }],
      ['add'],
    ]) {
      expectProblem(await jsonPatch(app, patch), 400);
    }
    expectProblem(await request(app).patch('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/json-patch+json').send('[{"op":'), 400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 422 when the patched bookcase would be invalid, and changes nothing', async () => {
    const { app } = service();
    const problem = expectProblem(await merge(app, { books: [{ isbn: '9780596517748', title: 'T', author: 'A', year: 'later' }] }), 422);
    expect(problem.errors).toEqual([expect.objectContaining({ pointer: '/books/0/year' })]);
    expectProblem(await jsonPatch(app, [{ op: 'add', path: '/colour', value: 'oak' }]), 422);
    expectProblem(await merge(app, { name: null }), 422);
    expectProblem(await merge(app, null), 422);
    expect((await request(app).get('/bookcase')).headers.etag).toBe('"1;json"');
  });

  it('answers 412 to a stale If-Match and applies a current one', async () => {
    const { app } = service();
    expectProblem(await merge(app, { name: 'Library' }).set('If-Match', '"7;json"'), 412);
    expect((await merge(app, { name: 'Library' }).set('If-Match', '"1;json"')).status).toBe(200);
    expectProblem(await merge(app, { name: 'Again' }).set('If-Match', '"1;json"'), 412);
    expect((await request(app).get('/bookcase')).body.name).toBe('Library');
  });

  it('answers 415 with Accept-Patch to any other Content-Type', async () => {
    const { app } = service();
    const res = await request(app).patch('/bookcase').set(AS_ADMIN).set('Content-Type', 'application/json').send('{"name":"x"}');
    expectProblem(res, 415);
    expect(res.headers['accept-patch']).toBe('application/merge-patch+json, application/json-patch+json');
  });
});
