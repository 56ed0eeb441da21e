import { readFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import request from 'supertest';
import type { OpenApiDocument } from '../../src';
import { runBlock } from '../docs/block-runner';
import { blocksOf } from '../docs/markdown-blocks';
import { openApiErrors } from './validate-openapi';

/**
 * The example app of docs/guide/openapi.md, run as the guide-wide block test runs it
 * (__tests__/docs/code-blocks.test.ts compiles every block and replays its transcripts): its
 * document validates, Swagger UI comes from the installed package, and it answers as described.
 */

const PAGE = 'docs/guide/openapi.md';
const EXAMPLE = blocksOf(readFileSync(path.join(__dirname, '../..', PAGE), 'utf8'), PAGE).find((block) => block.language === 'ts')!;

describe('the example app of docs/guide/openapi.md', () => {
  let app: RequestListener;
  beforeAll(async () => {
    app = (await runBlock(EXAMPLE)).app!;
  });

  it('serves a valid document at /openapi.json, and 304 on its ETag', async () => {
    const res = await request(app).get('/openapi.json').expect(200);
    await request(app).get('/openapi.json').set('If-None-Match', res.headers.etag as string).expect(304);
    const document = JSON.parse(res.text) as OpenApiDocument;
    expect(Object.keys(document.paths)).toEqual(['/books/{isbn}']);
    expect(await openApiErrors(document)).toEqual([]);
  }, 30_000);

  it('serves Swagger UI from the installed package at /docs', async () => {
    expect((await request(app).get('/docs').expect(200)).text).toContain('docs/swagger-ui-bundle.js');
    await request(app).get('/docs/start.js').expect(200).expect('Content-Type', /javascript/);
    const bundle = await request(app).get('/docs/swagger-ui-bundle.js').expect(200);
    expect(bundle.text).toBe(readFileSync(require.resolve('swagger-ui-dist/swagger-ui-bundle.js'), 'utf8'));
  });

  it('stores and reads books as its document says', async () => {
    const dune = { isbn: '9780441172719', title: 'Dune', year: 1965 };
    await request(app).put('/books/9780441172719').send(dune).expect(204);
    expect((await request(app).get('/books/9780441172719').expect(200)).body).toEqual(dune);
    await request(app).get('/books/9780000000000').expect(404);
  });
});
