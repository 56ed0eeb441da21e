import { createHash } from 'node:crypto';
import path from 'node:path';
import express, { type Express } from 'express';
import { z } from 'zod';
import { NotFound, type OpenApiDocument, ResponseEntity, type Router, createRouter } from 'express-represent';

/** A book: what GET answers and PUT stores, described in the document from this one schema. */
export const book = z.object({
  isbn: z.string().regex(/^\d{13}$/),
  title: z.string().min(1),
  year: z.number().int(),
});
type Book = z.infer<typeof book>;

/** The app, its router (whose route table the document describes) and the document it serves. */
export interface OpenApiApp {
  readonly app: Express;
  readonly api: Router;
  readonly document: OpenApiDocument;
}

/** The assets of Swagger UI, from the installed `swagger-ui-dist` package: no CDN. */
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js'];

// Relative links: the page works wherever the app is mounted.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Books API</title>
<link rel="stylesheet" href="docs/swagger-ui.css"></head><body><div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script><script src="docs/start.js"></script></body></html>`;
const START = `SwaggerUIBundle({ url: 'openapi.json', dom_id: '#swagger-ui', tryItOutEnabled: true });`;

/**
 * A small books API that describes itself:
 * - `GET /books/{isbn}` and `PUT /books/{isbn}`, with a summary, tags and `.returns(book)`: the
 *   document gives their parameters, bodies, answers in JSON and XML, and the problems they may give;
 * - `GET /openapi.json`: the document, built once from the route table when every route is
 *   declared, negotiated (`application/json` or `application/vnd.oai.openapi+json`), fresh for five
 *   minutes, then revalidated by its strong ETag;
 * - `GET /docs`: Swagger UI rendering it, every asset served from the installed package.
 */
export function createApp(): OpenApiApp {
  const books = new Map<string, Book>([['9780131103627', { isbn: '9780131103627', title: 'The C Programming Language', year: 1988 }]]);
  const api = createRouter();

  api
    .get('/books/{isbn:\\d{13}}')
    .produces('application/json', 'application/xml')
    .summary('Read a book')
    .tags('books')
    .cache({ maxAge: 60 })
    .returns(book)
    .handle((ctx) => {
      const found = books.get(ctx.path.isbn);
      if (found === undefined) throw new NotFound(`No book ${ctx.path.isbn}`);
      return found;
    });

  api
    .put('/books/{isbn:\\d{13}}')
    .consumes('application/json', 'application/xml')
    .body(book)
    .summary('Store a book')
    .description('Creates or replaces the book; answers it as stored.')
    .tags('books')
    // Declared, so an Accept the answer cannot satisfy is a 406 before anything is stored.
    .returns(book)
    .handle((ctx) => {
      const stored = { ...ctx.body, isbn: ctx.path.isbn };
      books.set(ctx.path.isbn, stored);
      return ResponseEntity.ok(stored);
    });

  // Every route is declared: describe them, then serve the description with a strong ETag.
  const document = api.openapi({ info: { title: 'Books', version: '1.0.0' } });
  const version = createHash('sha256').update(JSON.stringify(document)).digest('base64url');
  api
    .get('/openapi.json')
    .produces('application/json', 'application/vnd.oai.openapi+json')
    .cache({ maxAge: 300 })
    .etag(() => version)
    .handle(() => document);

  const app = express();
  app.use(api.middleware());
  app.get('/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  app.get('/docs/start.js', (_req, res) => {
    res.type('text/javascript').send(START);
  });
  app.get(
    ASSETS.map((asset) => `/docs/${asset}`),
    (req, res) => {
      res.sendFile(path.join(SWAGGER_UI, path.basename(req.path)));
    },
  );
  return { app, api, document };
}
