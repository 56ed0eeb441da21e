import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { ResponseEntity, createRouter } from '../../src';
import { openApiErrors } from '../setup/validate-openapi';

const info = { title: 'Books', version: '1' };
const book = z.object({ isbn: z.string(), title: z.string(), pages: z.number().int().positive() });

describe('route metadata on the builder and in map()', () => {
  const api = createRouter();
  api
    .get('/books/{isbn}')
    .produces('application/json')
    .summary('Read a book')
    .description('The book with this ISBN.')
    .tags('books')
    .tags('catalogue')
    .operationId('readBook')
    .returns(book)
    .handle((ctx) => ({ isbn: ctx.path.isbn, title: 'Dune', pages: 412 }));
  api.delete('/books/{isbn}').deprecated().handle(() => undefined);
  api
    .post('/books')
    .consumes('application/json')
    .produces('application/json')
    .body(book)
    .returns(book, { status: 201, description: 'The book, as stored' })
    .handle((ctx) => ResponseEntity.created(`/books/${ctx.body.isbn}`, ctx.body));
  api.map(
    { path: '/books', method: 'GET', produces: 'application/json', summary: 'List books', description: 'Every book.', tags: ['books'], operationId: 'listBooks', deprecated: true, returns: z.array(book) },
    () => [],
  );
  const document = api.openapi({ info });
  const one = document.paths['/books/{isbn}'];

  it('gives the operation its summary, description, tags and operationId', () => {
    expect(one?.get).toMatchObject({ operationId: 'readBook', summary: 'Read a book', description: 'The book with this ISBN.', tags: ['books', 'catalogue'] });
    expect(document.tags).toEqual([{ name: 'books' }, { name: 'catalogue' }]);
  });

  it('marks a deprecated operation, and only that one', () => {
    expect(one?.delete?.deprecated).toBe(true);
    expect(one?.get?.deprecated).toBeUndefined();
  });

  it('describes the 200 with the JSON Schema of the .returns() schema', () => {
    expect(one?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { isbn: { type: 'string' }, title: { type: 'string' }, pages: { type: 'integer', exclusiveMinimum: 0 } } } } },
    });
    expect(one?.get?.responses['2XX']).toBeUndefined();
  });

  it('describes a string answer in the types a string is written in, not those of an object', () => {
    const labels = createRouter();
    labels.put('/labels/{id}').body(String).returns(z.string()).handle((ctx) => ctx.body);
    const ok = labels.openapi({ info }).paths['/labels/{id}']?.put?.responses['200'] as { content?: Record<string, unknown> };
    expect(Object.keys(ok.content ?? {})).toEqual(['text/plain', 'application/json']);
  });

  it('describes the status and description .returns() is given', () => {
    expect(document.paths['/books']?.post?.responses['201']).toMatchObject({ description: 'The book, as stored', content: { 'application/json': { schema: { type: 'object' } } } });
  });

  it('takes the same metadata in map()', async () => {
    expect(document.paths['/books']?.get).toMatchObject({
      operationId: 'listBooks',
      summary: 'List books',
      description: 'Every book.',
      tags: ['books'],
      deprecated: true,
      responses: { '200': { content: { 'application/json': { schema: { type: 'array', items: { type: 'object' } } } } } },
    });
    expect(await openApiErrors(document)).toEqual([]);
  });

  it('answers as before: metadata changes no response', async () => {
    const app = express().use(api.middleware());
    const response = await request(app).get('/books/42').expect(200);
    expect(response.body).toEqual({ isbn: '42', title: 'Dune', pages: 412 });
  });
});
