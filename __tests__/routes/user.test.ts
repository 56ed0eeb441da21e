import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { AS_ADMIN, JSON_TYPE, XML_TYPE, expectProblem, service } from '../setup/service-fixture';

const ADA = { id: '1', name: 'Ada Lovelace', email: 'lovelace@example.org', role: 'admin' };

describe('GET /users/{id}', () => {
  const { app } = service();

  it('answers the user as JSON, no-cache, with its version and Last-Modified', async () => {
    const res = await request(app).get('/users/1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(JSON_TYPE);
    expect(res.body).toEqual(ADA);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toBe('"2;json"');
    expect(res.headers['last-modified']).toBe('Mon, 01 Jan 2024 00:00:00 GMT');
    expect(res.headers.vary).toBe('Accept');
  });

  it('answers XML rooted at <user>', async () => {
    const res = await request(app).get('/users/1').set('Accept', 'application/xml');
    expect(res.headers['content-type']).toBe(XML_TYPE);
    expect(res.text).toContain('<user><id>1</id><name>Ada Lovelace</name><email>lovelace@example.org</email><role>admin</role></user>');
  });

  it('answers revalidations with 304 from the stored version', async () => {
    expect((await request(app).get('/users/1').set('If-None-Match', '"2;json"')).status).toBe(304);
    expect((await request(app).get('/users/1').set('If-None-Match', '"2;xml"')).status).toBe(200);
    expect((await request(app).get('/users/1').set('If-Modified-Since', 'Mon, 01 Jan 2024 00:00:00 GMT')).status).toBe(304);
  });

  it('projects the fields named by the matrix variable on the id', async () => {
    const res = await request(app).get('/users/1;fields=name,email');
    expect(res.body).toEqual({ name: 'Ada Lovelace', email: 'lovelace@example.org' });
    expect((await request(app).get('/users/1;fields=role;fields=id')).body).toEqual({ role: 'admin', id: '1' });
  });

  it('answers 400 naming an unknown field', async () => {
    const problem = expectProblem(await request(app).get('/users/1;fields=name,password'), 400);
    expect(problem.detail).toContain("'password'");
  });

  it('answers 400 to an unknown field even to a conditional request it would otherwise answer 304', async () => {
    expectProblem(await request(app).get('/users/2;fields=bogus').set('If-None-Match', '*'), 400);
    expectProblem(await request(app).get('/users/1;fields=bogus').set('If-None-Match', '"2;json"'), 400);
    // The matrix variable is bound before the user is looked up: a bad request whether it exists or not.
    expectProblem(await request(app).get('/users/999;fields=bogus'), 400);
    expectProblem(await request(app).get('/users/999;fields=bogus').set('If-None-Match', '*'), 400);
  });

  it('answers 404 for no such user whatever the preconditions say (RFC 9110 section 13.2.1)', async () => {
    for (const [name, value] of [['If-Match', '*'], ['If-Match', '"1;json"'], ['If-None-Match', '*']] as const) {
      expectProblem(await request(app).get('/users/missing').set(name, value), 404);
    }
  });

  it('answers a 404 problem when there is no such user, or the id cannot be one', async () => {
    expect(expectProblem(await request(app).get('/users/404'), 404).detail).toBe("No user '404'");
    expectProblem(await request(app).get('/users/no%20such'), 404);
  });

  it('answers 406 to an Accept it cannot meet', async () => {
    expectProblem(await request(app).get('/users/1').set('Accept', 'text/html'), 406);
  });
});

describe('PUT /users/{id}', () => {
  const alan = { name: 'Alan Kay', email: 'kay@example.org', role: 'editor' };

  it('creates a user under the id the client chose: 201 with Location, and the user is there', async () => {
    const { app } = service();
    const res = await request(app).put('/users/kay').set(AS_ADMIN).send(alan);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/users/kay');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(app).get('/users/kay')).body).toEqual({ id: 'kay', ...alan });
  });

  it('replaces a user completely: 204; the same PUT again changes nothing', async () => {
    const { app } = service();
    expect((await request(app).put('/users/1').set(AS_ADMIN).send(alan)).status).toBe(204);
    const first = await request(app).get('/users/1');
    expect(first.body).toEqual({ id: '1', ...alan });
    expect((await request(app).put('/users/1').set(AS_ADMIN).send(alan)).status).toBe(204);
    expect((await request(app).get('/users/1')).headers.etag).toBe(first.headers.etag);
  });

  it('reads XML', async () => {
    const { app } = service();
    const xml = '<user><name>Alan Kay</name><email>kay@example.org</email><role>viewer</role></user>';
    expect((await request(app).put('/users/kay').set(AS_ADMIN).set('Content-Type', 'application/xml').send(xml)).status).toBe(201);
    expect((await request(app).get('/users/kay')).body.role).toBe('viewer');
  });

  it('answers 412 to a second PUT within the second of the first, with If-Unmodified-Since its Last-Modified (RFC 9110 section 8.8.2.2)', async () => {
    const times = [Date.UTC(2026, 0, 1, 12, 0, 0, 200), Date.UTC(2026, 0, 1, 12, 0, 0, 700)];
    let clock = 0;
    const { app } = service({ now: () => new Date(times[clock++] ?? Number.NaN) });
    const seeded = (await request(app).get('/users/1')).headers['last-modified'] as string;
    expect((await request(app).put('/users/1').set(AS_ADMIN).set('If-Unmodified-Since', seeded).send(alan)).status).toBe(204);
    const lastModified = (await request(app).get('/users/1')).headers['last-modified'] as string;
    expect(lastModified).toBe('Thu, 01 Jan 2026 12:00:00 GMT');
    // Changed at 12:00:00.200, after the start of the second the client names: modified since.
    expectProblem(await request(app).put('/users/1').set(AS_ADMIN).set('If-Unmodified-Since', lastModified).send({ ...alan, role: 'viewer' }), 412);
    expect((await request(app).get('/users/1')).body.role).toBe('editor');
    // Nor is a GET conditional on that second answered 304 from a copy that may predate the change.
    expect((await request(app).get('/users/1').set('If-Modified-Since', lastModified)).status).toBe(200);
    expect((await request(app).put('/users/1').set(AS_ADMIN).set('If-Unmodified-Since', 'Thu, 01 Jan 2026 12:00:01 GMT').send({ ...alan, role: 'viewer' })).status).toBe(204);
  });

  it('answers 412 and changes nothing on a stale If-Match; If-None-Match: * only creates', async () => {
    const { app } = service();
    expectProblem(await request(app).put('/users/1').set(AS_ADMIN).set('If-Match', '"1;json"').send(alan), 412);
    expect((await request(app).get('/users/1')).body).toEqual(ADA);
    expect((await request(app).put('/users/1').set(AS_ADMIN).set('If-Match', '"2;json"').send(alan)).status).toBe(204);
    expectProblem(await request(app).put('/users/1').set(AS_ADMIN).set('If-None-Match', '*').send(alan), 412);
    expect((await request(app).put('/users/new').set(AS_ADMIN).set('If-None-Match', '*').send(alan)).status).toBe(201);
    expectProblem(await request(app).put('/users/other').set(AS_ADMIN).set('If-Match', '"2"').send(alan), 412);
  });

  it('answers 400 to an invalid user, or a body id that is not the URI id', async () => {
    const { app } = service();
    const problem = expectProblem(await request(app).put('/users/1').set(AS_ADMIN).send({ name: 'X', email: 'not an email', role: 'owner' }), 400);
    expect((problem.errors as { pointer: string }[]).map((e) => e.pointer)).toEqual(['/email', '/role']);
    expectProblem(await request(app).put('/users/1').set(AS_ADMIN).send({ ...alan, id: '2' }), 400);
    expect((await request(app).put('/users/1').set(AS_ADMIN).send({ ...alan, id: '1' })).status).toBe(204);
    expectProblem(await request(app).put(`/users/${'x'.repeat(65)}`).set(AS_ADMIN).send(alan), 400);
    expect((await request(app).put(`/users/${'x'.repeat(64)}`).set(AS_ADMIN).send(alan)).status).toBe(201);
  });

  it('answers 412 when the user changed while the body was arriving, keeping the other change', async () => {
    const { app } = service();
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const body = JSON.stringify(alan);
      const answer = new Promise<number>((resolve, reject) => {
        const req = httpRequest({ port, method: 'PUT', path: '/users/1', headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, 'If-Match': '"2;json"', ...AS_ADMIN } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.write(body.slice(0, 10));
        // The preconditions held when the headers came; another client changes the user before the rest of the body.
        setTimeout(async () => {
          await request(server).patch('/users/1').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send('{"role":"viewer"}');
          req.end(body.slice(10));
        }, 50);
      });
      expect(await answer).toBe(412);
      expect((await request(server).get('/users/1')).body).toEqual({ ...ADA, role: 'viewer' });
    } finally {
      server.close();
    }
  });

  it('answers 405 to PUT on /users/search, which is not a user', async () => {
    const { app } = service();
    const res = await request(app).put('/users/search').set(AS_ADMIN).send(alan);
    expectProblem(res, 405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'POST'])('answers 405 to %s on /users/events, which is not a user either', async (method) => {
    const { app } = service();
    const res = await request(app)[method.toLowerCase() as 'put']('/users/events').set(AS_ADMIN).send(alan);
    expectProblem(res, 405);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect((await request(app).get('/users/events').set('Accept', 'application/json')).status).toBe(406);
  });

  it('takes ids that merely start like a literal or hold dots, but no dot-segment', async () => {
    const { app } = service();
    expect((await request(app).put('/users/events2').set(AS_ADMIN).send({ ...alan, id: undefined })).status).toBe(201);
    expect((await request(app).put('/users/.a.').set(AS_ADMIN).send({ ...alan, id: undefined })).status).toBe(201);
    expect((await request(app).get('/users/%2E%2E')).status).toBe(404);
  });
});

describe('PATCH /users/{id}', () => {
  it('applies a merge patch: 200 with the updated user and its new ETag', async () => {
    const { app } = service();
    const res = await request(app).patch('/users/1').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send('{"role":"viewer"}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...ADA, role: 'viewer' });
    expect(res.headers.etag).toBe('"11;json"');
  });

  it('applies a JSON Patch, and answers 409 to a failing test', async () => {
    const { app } = service();
    const ops = (value: string) => JSON.stringify([{ op: 'test', path: '/role', value }, { op: 'replace', path: '/email', value: 'ada@example.org' }]);
    expectProblem(await request(app).patch('/users/1').set(AS_ADMIN).set('Content-Type', 'application/json-patch+json').send(ops('viewer')), 409);
    const res = await request(app).patch('/users/1').set(AS_ADMIN).set('Content-Type', 'application/json-patch+json').send(ops('admin'));
    expect(res.body.email).toBe('ada@example.org');
  });

  it('answers 422 when the patch changes the id, adds unknown members, breaks a field or is no user at all', async () => {
    const { app } = service();
    const patch = (body: string) => request(app).patch('/users/1').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send(body);
    expectProblem(await patch('{"id":"9"}'), 422);
    expectProblem(await patch('{"nickname":"Ada"}'), 422);
    expectProblem(await patch('{"email":null}'), 422);
    expectProblem(await patch('null'), 422);
    expectProblem(await patch('"Ada"'), 422);
    expectProblem(await request(app).patch('/users/1').set(AS_ADMIN).set('Content-Type', 'application/json-patch+json').send('[{"op":"replace","path":"","value":[1]}]'), 422);
    expect((await request(app).get('/users/1')).body).toEqual(ADA);
  });

  it('answers 404 for no such user and 412 on a stale If-Match', async () => {
    const { app } = service();
    expectProblem(await request(app).patch('/users/404').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').send('{}'), 404);
    expectProblem(await request(app).patch('/users/1').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').set('If-Match', '"3"').send('{"name":"A"}'), 412);
  });

  it('answers 415 with Accept-Patch to a JSON body', async () => {
    const { app } = service();
    const res = await request(app).patch('/users/1').set(AS_ADMIN).send({ role: 'viewer' });
    expectProblem(res, 415);
    expect(res.headers['accept-patch']).toBe('application/merge-patch+json, application/json-patch+json');
  });
});

describe('DELETE /users/{id}', () => {
  it('answers 204 with no body, then 404', async () => {
    const { app } = service();
    const res = await request(app).delete('/users/9').set(AS_ADMIN);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectProblem(await request(app).get('/users/9'), 404);
    expectProblem(await request(app).delete('/users/9').set(AS_ADMIN), 404);
  });

  it('answers 404 for no such user whatever the preconditions say, as PATCH does', async () => {
    const { app } = service();
    expectProblem(await request(app).delete('/users/missing').set(AS_ADMIN).set('If-Match', '"1;json"'), 404);
    expectProblem(await request(app).delete('/users/missing').set(AS_ADMIN).set('If-Match', '*'), 404);
    const patch = request(app).patch('/users/missing').set(AS_ADMIN).set('Content-Type', 'application/merge-patch+json').set('If-Match', '"1;json"');
    expectProblem(await patch.send('{}'), 404);
  });

  it('answers 412 and deletes nothing on a stale If-Match', async () => {
    const { app } = service();
    expectProblem(await request(app).delete('/users/9').set(AS_ADMIN).set('If-Match', '"9"'), 412);
    expect((await request(app).get('/users/9')).status).toBe(200);
    expect((await request(app).delete('/users/9').set(AS_ADMIN).set('If-Match', '"10;xml"')).status).toBe(204);
  });
});

describe('POST /users/{id}', () => {
  const { app } = service();

  it('answers 404 when there is no such user', async () => {
    expectProblem(await request(app).post('/users/404').set(AS_ADMIN).send({}), 404);
  });

  it('answers 405 with Allow when the user exists, as OPTIONS does', async () => {
    const res = await request(app).post('/users/1').set(AS_ADMIN).send({});
    expectProblem(res, 405);
    expect(res.headers.allow).toBe('GET, HEAD, PUT, PATCH, DELETE, OPTIONS');
    const options = await request(app).options('/users/1');
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe(res.headers.allow);
  });
});
