import type { Server } from 'node:http';
import request from 'supertest';
import { z } from 'zod';
import { NotFound, ResponseEntity, createRouter } from '../../src';
import { underBothMounts, serverFor } from '../setup/both-mounts';
import { expectProblem } from '../setup/app-fixture';

/**
 * An unsafe request whose Accept allows none of the types the route's answer can be written in is
 * refused with 406 before its handler runs (RFC 9110 section 12.5.1), when the route says what it
 * answers: with `.returns(schema)` the kind of value is known when the route is declared, so the
 * representation is decided before the action, not after its side effects (issue 22). Routes that
 * declare `.produces(...)` are refused by route selection, before anything else.
 */
underBothMounts('an unsafe method on a route whose answer is declared', (mount) => {
  const book = z.object({ isbn: z.string(), title: z.string() });
  let store: Map<string, string>;
  let calls: number;
  let server: Server;

  beforeAll(async () => {
    const api = createRouter({ onError: jest.fn() });
    const put = (isbn: string, title: string) => {
      calls++;
      store.set(isbn, title);
      return { isbn, title };
    };
    api
      .put('/books/{isbn}')
      .body(book.pick({ title: true }))
      .returns(book)
      .handle((ctx) => put(ctx.path.isbn, ctx.body.title));
    api
      .post('/shelves/{isbn}')
      .body(book.pick({ title: true }))
      .returns(book, { status: 201 })
      .handle((ctx) => ResponseEntity.created(`/books/${ctx.path.isbn}`, put(ctx.path.isbn, ctx.body.title)));
    // Declared types one of which cannot write the declared answer: objects are not text/plain.
    api
      .put('/notes/{isbn}')
      .produces('application/json', 'text/plain')
      .body(book.pick({ title: true }))
      .returns(book)
      .handle((ctx) => put(ctx.path.isbn, ctx.body.title));
    // The same route without .returns(): what it answers is known only when it has answered.
    api
      .put('/drafts/{isbn}')
      .produces('application/json', 'text/plain')
      .body(book.pick({ title: true }))
      .handle((ctx) => put(ctx.path.isbn, ctx.body.title));
    api
      .put('/labels/{isbn}')
      .body(String)
      .returns(z.string())
      .handle((ctx) => {
        calls++;
        store.set(ctx.path.isbn, ctx.body);
        return ctx.body;
      });
    api
      .delete('/books/{isbn}')
      .produces('application/json')
      .handle((ctx) => {
        calls++;
        store.delete(ctx.path.isbn);
        return { deleted: ctx.path.isbn };
      });
    server = serverFor(mount, api);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    store = new Map([['1', 'Dune']]);
    calls = 0;
  });

  it('answers 406 to a PUT with .returns() whose Accept allows no type it writes, without running the handler', async () => {
    const res = await request(server).put('/books/1').set('Accept', 'text/csv').send({ title: 'Emma' });
    expect(expectProblem(res, 406)).toMatchObject({ available: ['application/json', 'application/xml', 'text/xml'] });
    expect(calls).toBe(0);
    expect(store.get('1')).toBe('Dune');
  });

  it('answers 406 to a POST whose .returns() gives another status, without running the handler', async () => {
    expectProblem(await request(server).post('/shelves/2').set('Accept', 'image/png').send({ title: 'Emma' }), 406);
    expect(calls).toBe(0);
    expect(store.has('2')).toBe(false);
  });

  it('answers 406 when Accept names only a declared type the answer cannot be written in', async () => {
    const res = await request(server).put('/notes/1').set('Accept', 'text/plain').send({ title: 'Emma' });
    expect(expectProblem(res, 406)).toMatchObject({ available: ['application/json'] });
    expect(calls).toBe(0);
    expect(store.get('1')).toBe('Dune');
  });

  it('refuses a string answer by the types strings are written in, not those of objects', async () => {
    await request(server).put('/labels/1').set('Content-Type', 'text/plain').set('Accept', 'text/plain').send('Emma').expect(200, 'Emma');
    expect(calls).toBe(1);
    // XML, which an object would be written in: the problem is in XML, the answer is not.
    const refused = await request(server).put('/labels/1').set('Content-Type', 'text/plain').set('Accept', 'application/xml').send('Persuasion');
    expect([refused.status, refused.headers['content-type']]).toEqual([406, 'application/problem+xml; charset=utf-8']);
    expect(calls).toBe(1);
    expect(store.get('1')).toBe('Emma');
  });

  it('refuses by the route selection a route that produces nothing Accept allows, without running the handler', async () => {
    expectProblem(await request(server).delete('/books/1').set('Accept', 'text/csv'), 406);
    expect(calls).toBe(0);
    expect(store.get('1')).toBe('Dune');
  });

  it('runs the handler and writes the representation Accept prefers when it allows one', async () => {
    const res = await request(server).put('/books/1').set('Accept', 'text/csv, application/xml;q=0.5').send({ title: 'Emma' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(calls).toBe(1);
    expect(store.get('1')).toBe('Emma');
  });

  it('still runs a handler whose answer is not declared, and refuses its answer only after it ran', async () => {
    expectProblem(await request(server).put('/drafts/1').set('Accept', 'text/plain').send({ title: 'Emma' }), 406);
    expect(calls).toBe(1);
    expect(store.get('1')).toBe('Emma');
  });
});

describe('a safe method on a route whose answer is declared', () => {
  it('runs the handler, which changes nothing, so that its own answer (a 404) stands', async () => {
    let calls = 0;
    const api = createRouter({ onError: jest.fn() });
    api
      .get('/books/{isbn}')
      .returns(z.object({ isbn: z.string() }))
      .handle((ctx) => {
        calls++;
        throw new NotFound(`No book ${ctx.path.isbn}`);
      });
    expectProblem(await request(serverFor('middleware', api)).get('/books/9').set('Accept', 'text/csv'), 404);
    expect(calls).toBe(1);
  });
});
