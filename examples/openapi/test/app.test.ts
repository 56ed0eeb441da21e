import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { OpenApiDocument } from 'express-represent';
import { createApp } from '../src/app';

/**
 * The errors of a document against the OpenAPI 3.1 schema, every `$ref` resolved (empty: valid),
 * from test/validate-openapi.mjs in a process of its own, given 45 s and saying what it wrote.
 */
function validate(document: OpenApiDocument): Promise<{ version: string; errors: unknown[] }> {
  return new Promise((resolve, reject) => {
    const script = path.join(__dirname, 'validate-openapi.mjs');
    const child = execFile(process.execPath, [script], { timeout: 45_000 }, (error, stdout, stderr) => {
      if (error !== null) reject(new Error(`the validator failed: ${error.message}\nstdout: ${stdout}\nstderr: ${stderr}`));
      else resolve(JSON.parse(stdout) as { version: string; errors: unknown[] });
    });
    child.stdin!.end(JSON.stringify(document));
  });
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

describe('GET /openapi.json', () => {
  const { app, api } = createApp();

  it('answers the document as JSON, fresh for five minutes, with a strong ETag', async () => {
    const res = await request(app).get('/openapi.json').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('max-age=300');
    expect(res.headers['etag']).toMatch(/^"[^"]+;json"$/);
    expect(res.headers['vary']).toBe('Accept');
    expect(res.body).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./), info: { title: 'Books', version: '1.0.0' } });
  });

  it('answers 304 to a request naming its ETag, and its own media type when asked', async () => {
    const first = await request(app).get('/openapi.json').expect(200);
    await request(app).get('/openapi.json').set('If-None-Match', first.headers['etag'] as string).expect(304);
    const typed = await request(app).get('/openapi.json').set('Accept', 'application/vnd.oai.openapi+json').expect(200);
    expect(typed.headers['content-type']).toBe('application/vnd.oai.openapi+json; charset=utf-8');
  });

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator), every $ref resolving', async () => {
    const document = (await request(app).get('/openapi.json').expect(200)).body as OpenApiDocument;
    expect(await validate(document)).toEqual({ version: '3.1', errors: [] });
  }, 60_000);

  it('describes every route of the table declared before it, one operation per method', async () => {
    const document = (await request(app).get('/openapi.json').expect(200)).body as OpenApiDocument;
    const described = Object.entries(document.paths).flatMap(([template, item]) =>
      HTTP_METHODS.filter((method) => (item as Record<string, unknown>)[method] !== undefined).map((method) => `${method.toUpperCase()} ${template}`),
    );
    const declared = api
      .routes()
      .filter((route) => route.path !== '/openapi.json')
      .flatMap((route) => route.methods.map((method) => `${method} ${route.path.replace(/\{(\w+):[^/]*\}/g, '{$1}')}`));
    expect(described.sort()).toEqual(declared.sort());
  });

  it('gives the summary, the schema of the answer in JSON and XML, and the problems of each operation', async () => {
    const document = (await request(app).get('/openapi.json').expect(200)).body as OpenApiDocument;
    const read = document.paths['/books/{isbn}']?.get;
    expect(read).toMatchObject({ summary: 'Read a book', tags: ['books'] });
    const ok = read?.responses?.['200'] as { content?: Record<string, unknown> } | undefined;
    expect(Object.keys(ok?.content ?? {})).toEqual(['application/json', 'application/xml']);
    expect(Object.keys(read?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404', '406']));
    expect(Object.keys(document.paths['/books/{isbn}']?.put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '406', '415']));
  });
});

describe('GET /docs', () => {
  const { app } = createApp();

  it('answers the Swagger UI page, which loads the document', async () => {
    const page = await request(app).get('/docs').expect(200).expect('Content-Type', /^text\/html/);
    expect(page.text).toContain('docs/swagger-ui-bundle.js');
    const start = await request(app).get('/docs/start.js').expect(200).expect('Content-Type', /javascript/);
    expect(start.text).toContain("url: 'openapi.json'");
  });

  it('serves every asset from the installed swagger-ui-dist package, none from a CDN', async () => {
    const installed = path.dirname(require.resolve('swagger-ui-dist/package.json'));
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      const res = await request(app).get(`/docs/${asset}`).expect(200);
      expect(res.text).toBe(readFileSync(path.join(installed, asset), 'utf8'));
    }
    expect((await request(app).get('/docs')).text).not.toMatch(/https?:\/\//);
  });
});

describe('the books its document describes', () => {
  const { app } = createApp();

  it('stores a book and reads it back, in JSON or XML', async () => {
    const dune = { isbn: '9780441172719', title: 'Dune', year: 1965 };
    expect((await request(app).put('/books/9780441172719').send(dune).expect(200)).body).toEqual(dune);
    expect((await request(app).get('/books/9780441172719').expect(200)).body).toEqual(dune);
    const xml = await request(app).get('/books/9780441172719').set('Accept', 'application/xml').expect(200);
    expect(xml.text).toContain('<title>Dune</title>');
  });

  it('answers 404 for a book it does not have, and 400 for a body its schema refuses', async () => {
    await request(app).get('/books/9780000000000').expect(404);
    await request(app).put('/books/9780441172719').send({ isbn: '9780441172719', title: '', year: 1965 }).expect(400);
  });

  it('refuses a PUT whose Accept it cannot answer with 406, before storing anything', async () => {
    const emma = { isbn: '9780141439587', title: 'Emma', year: 1815 };
    await request(app).put('/books/9780141439587').set('Accept', 'text/csv').send(emma).expect(406);
    await request(app).get('/books/9780141439587').expect(404);
  });
});
