import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { createRouter } from '../../src';
import { parseMatrixVariables } from '../../src/http/matrix-variables';
import { PathTemplateError, parsePathTemplate } from '../../src/routing/path-template';
import { splitRequestPath } from '../../src/http/request-path';

/**
 * Matrix variables and path templates on arbitrary paths: whatever the path, the router matches,
 * falls through to the next middleware, or answers 400; nothing escapes it.
 */

/** Pieces that stress the path grammar: matrix separators, percent sequences valid and not. */
const PIECES = ['cars', 'files', 'n', 'lit%20eral', 'a', '7', '42', ';', ',', '=', ';color=red', ';color=red,blue', '%', '%2', '%zz', '%41', '%2F', '%00', '%E2%82%AC', '%C3', '%FF', '..', '.', '~', '-', '_', '!', '$', "'", '(', '*', '+', ':', '@', '&'];

const segmentArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 4 }).map((parts) => parts.join(''));
const pathArb = fc
  .tuple(fc.constantFrom('cars', 'files', 'n', 'lit%20eral', 'other', ''), fc.array(segmentArb, { maxLength: 3 }), fc.boolean())
  .map(([first, rest, slash]) => `/${[first, ...rest].join('/')}${slash ? '/' : ''}`);

/** decodeURIComponent, or undefined where the encoding is invalid. */
function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

describe('splitRequestPath(url), parseMatrixVariables(text), parsePathTemplate(template)', () => {
  it('never throw on arbitrary text (templates throw only PathTemplateError)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (text) => {
        for (const segment of splitRequestPath(text)) {
          if (segment.text !== undefined) expect(segment.text).toBe(decoded(segment.raw));
          const matrix = parseMatrixVariables(segment.matrix);
          if (matrix !== undefined) expect(Object.getPrototypeOf(matrix)).toBeNull();
        }
        try {
          parsePathTemplate(text);
        } catch (error) {
          expect(error).toBeInstanceOf(PathTemplateError);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keep matrix content out of the segment text', () => {
    fc.assert(
      fc.property(pathArb, (path) => {
        for (const segment of splitRequestPath(path)) expect(segment.raw).not.toContain(';');
      }),
      { numRuns: 300 },
    );
  });
});

describe('the router on arbitrary paths', () => {
  let server: Server;
  let url: string;
  const onError = jest.fn();

  beforeAll(async () => {
    const api = createRouter({ onError });
    api
      .get('/cars/{id}')
      .matrix('color', { pathVar: 'id', array: true, required: false })
      .handle((ctx) => ({ route: 'car', id: ctx.path.id, color: ctx.matrix.color ?? null }));
    api.get('/files/{*rest}').handle((ctx) => ({ route: 'files', rest: ctx.path.rest }));
    api.get('/n/{n:\\d+}').handle((ctx) => ({ route: 'n', n: ctx.path.n }));
    api.get('/lit%20eral').handle(() => ({ route: 'literal' }));
    const app = express();
    app.use(api.middleware());
    app.use((_req, res) => void res.status(404).json({ route: 'fell through' }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('matches, falls through, or answers 400, and binds what it matched decoded', async () => {
    await fc.assert(
      fc.asyncProperty(pathArb, async (path) => {
        const res = await request(url).get(path);
        expect([200, 400, 404]).toContain(res.status);
        if (res.status === 400) {
          expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
          return;
        }
        const body = res.body as { route: string; id?: string; color?: string[] | null; rest?: string; n?: string };
        const segments = path.split('?')[0]!.split('/').slice(1).filter((s, i, all) => !(s === '' && i === all.length - 1));
        const bases = segments.map((s) => s.split(';')[0]!);
        if (body.route === 'car') {
          expect(bases[0]).toBe('cars');
          expect(body.id).toBe(decoded(bases[1]!));
          const matrix = parseMatrixVariables(segments[1]!.includes(';') ? segments[1]!.slice(segments[1]!.indexOf(';') + 1) : '');
          expect(body.color).toEqual(matrix?.color ?? null);
        } else if (body.route === 'n') {
          expect(body.n).toMatch(/^\d+$/);
        } else if (body.route === 'files') {
          expect(body.rest).toBe(bases.slice(1).map((b) => decoded(b)).join('/'));
        } else if (body.route === 'literal') {
          expect(bases).toEqual(['lit%20eral']);
        } else {
          expect(body.route).toBe('fell through');
        }
      }),
      { numRuns: 300 },
    );
    expect(onError).not.toHaveBeenCalled();
  });
});
