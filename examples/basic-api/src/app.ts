import express, { type Express } from 'express';
import { BadRequest, NotFound, ResponseEntity, createRouter } from 'express-represent';

/** A book as the API represents it, in JSON or in XML. */
export interface Book {
  readonly id: number;
  readonly title: string;
  readonly author: string;
}

const FIRST_BOOKS: readonly Book[] = [{ id: 1, title: 'Dune', author: 'Frank Herbert' }];

/**
 * The books API, mounted at /api. Each call makes a new app with its own shelf, so that every
 * test starts from the same books.
 */
export function createApp(books: readonly Book[] = FIRST_BOOKS): Express {
  const shelf = new Map(books.map((book) => [book.id, book]));
  let lastId = Math.max(0, ...shelf.keys());
  const api = createRouter();

  // GET /api/books/1: JSON or XML, whichever the client's Accept prefers (406 when it takes neither).
  api
    .get('/books/{id:\\d+}')
    .produces('application/json', 'application/xml')
    .xmlRoot('book')
    .handle((ctx) => {
      const book = shelf.get(Number(ctx.path.id));
      if (book === undefined) throw new NotFound(`There is no book ${ctx.path.id}`);
      return book;
    });

  // POST /api/books with a JSON or XML book: 201 Created, and a Location built by ctx.url from
  // wherever the router is mounted, so it is /api/books/2 here.
  api
    .post('/books')
    .consumes('application/json', 'application/xml')
    .produces('application/json', 'application/xml')
    .xmlRoot('book')
    .body(Object)
    .handle((ctx) => {
      const { title, author } = ctx.body;
      if (typeof title !== 'string' || title === '' || typeof author !== 'string' || author === '') {
        throw new BadRequest('A book needs a title and an author');
      }
      const book: Book = { id: ++lastId, title, author };
      shelf.set(book.id, book);
      return ResponseEntity.created(ctx.url('/books/{id}', { id: book.id }), book);
    });

  const app = express();
  app.use('/api', api.middleware());
  return app;
}
