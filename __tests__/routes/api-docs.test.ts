import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { OperationObject } from '../../src';
import { listeningServers } from '../setup/listening';
import { openApiErrors } from '../setup/validate-openapi';
import { expectProblem, service } from '../setup/service-fixture';

const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('GET /openapi.json', () => {
  const { app, openapi, routes } = service();

  it("answers the service's document as JSON, fresh for five minutes, with an ETag and Vary: Accept", async () => {
    const res = await request(app).get('/openapi.json').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('max-age=300');
    expect(res.headers.etag).toMatch(/^"[\w-]+;json"$/);
    expect(res.headers.vary).toBe('Accept');
    expect(JSON.parse(res.text)).toEqual(openapi);
  });

  it('answers 304 to a request that holds the current ETag', async () => {
    const { headers } = await request(app).get('/openapi.json').expect(200);
    const res = await request(app).get('/openapi.json').set('If-None-Match', headers.etag as string).expect(304);
    expect(res.text).toBe('');
    expect(res.headers.etag).toBe(headers.etag);
  });

  it('answers the OpenAPI media type when Accept prefers it', async () => {
    const res = await request(app).get('/openapi.json').set('Accept', 'application/vnd.oai.openapi+json').expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.oai.openapi+json; charset=utf-8');
    expect(JSON.parse(res.text)).toEqual(openapi);
  });

  it('answers 406 when Accept takes neither JSON type', async () => {
    expectProblem(await request(app).get('/openapi.json').set('Accept', 'text/html'), 406);
  });

  it('is a valid OpenAPI 3.1 document, every reference resolving', async () => {
    expect(await openApiErrors(openapi)).toEqual([]);
  });

  it('declares the bearer scheme, and requires it of every write and of no read', () => {
    expect(openapi.components.securitySchemes).toEqual({ bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    const operations = Object.values(openapi.paths).flatMap((item) => Object.entries(item).filter(([method]) => METHODS.includes(method)) as [string, OperationObject][]);
    const writes = operations.filter(([method]) => ['put', 'post', 'patch', 'delete'].includes(method));
    expect(writes.length).toBeGreaterThanOrEqual(9);
    for (const [method, operation] of operations) {
      expect({ operation: operation.operationId, security: operation.security }).toEqual({ operation: operation.operationId, security: writes.some(([m]) => m === method) ? [{ bearer: [] }] : undefined });
    }
  });

  it('describes every route of the table under each of its methods', () => {
    const operations = Object.values(openapi.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), routes: (operation as OperationObject)['x-routes'] as string[] })),
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const method of route.methods) {
        expect({ route: route.description, method, described: operations.some((o) => o.method === method && o.routes.includes(route.description)) }).toEqual({ route: route.description, method, described: true });
      }
    }
  });
});

describe('GET /docs', () => {
  const { app } = service();
  const listening = listeningServers();

  it('answers the reference page, every asset from the service itself (no CDN)', async () => {
    const res = await request(app).get('/docs').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<div id="swagger-ui"></div>');
    const assets = [...res.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets).toEqual(['docs/swagger-ui.css', 'docs/favicon-32x32.png', 'docs/swagger-ui-bundle.js', 'docs/start.js']);
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it.each([
    ['swagger-ui.css', 'text/css; charset=utf-8'],
    ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
    ['favicon-32x32.png', 'image/png'],
  ])('serves %s from the installed swagger-ui-dist, with its type and an ETag', async (file, type) => {
    const res = await request(app).get(`/docs/${file}`).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe('max-age=86400');
    expect((res.body as Buffer).equals(readFileSync(path.join(SWAGGER_UI, file)))).toBe(true);
  });

  it('serves the script that starts Swagger UI on the service document, Try it out on', async () => {
    const res = await request(app).get('/docs/start.js').expect(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.text).toContain("new URL('openapi.json', document.baseURI)");
    expect(res.text).toContain('tryItOutEnabled: true');
  });

  it.each([
    ['the page', () => request(app).get('/docs').expect(200)],
    ['a revalidation of it', async () => request(app).get('/docs').set('If-None-Match', (await request(app).get('/docs')).headers.etag as string).expect(304)],
    ['a hit of the shared cache', async () => {
      const client = request(await listening(service({ cache: true }).app));
      await client.get('/docs').expect(200);
      return client.get('/docs').expect(200).expect('X-Cache', 'HIT');
    }],
  ])('sends, with %s, a Content-Security-Policy admitting only its own assets and forbidding framing', async (_, answer) => {
    const res = await answer();
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('has no inline script or style for the policy to forbid', async () => {
    const { text } = await request(app).get('/docs').expect(200);
    expect(text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=|\son[a-z]+=/i);
  });

  it('serves no other file of the package', async () => {
    expectProblem(await request(app).get('/docs/index.html'), 404);
    expectProblem(await request(app).get('/docs/..%2Fpackage.json'), 404);
  });
});
