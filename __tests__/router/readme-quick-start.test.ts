import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import express from 'express';
import request from 'supertest';
import ts from 'typescript';
import * as represent from '../../src';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

/** The README's quick start: its first TypeScript block that mounts a router with app.use. */
function quickStart(): string {
  const block = [...README.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((code) => code.includes('app.use('));
  if (block === undefined) throw new Error('The README has no quick start that mounts a router');
  return block;
}

/** The `users` module the quick start imports: the reader's own data access. */
function usersModule(): { users: { get(id: string): unknown; create(body: Record<string, unknown>): { id: number } } } {
  const rows = new Map<string, Record<string, unknown>>();
  return {
    users: {
      get: (id) => rows.get(id),
      create: (body) => {
        const user = { ...body, id: rows.size + 1 };
        rows.set(String(user.id), user);
        return user;
      },
    },
  };
}

/**
 * Runs the quick start as written, compiled as a user's build would, with two stand-ins: its
 * `./users` module, and an `express()` whose app does not listen (tests never take a fixed port).
 * Answers the app it built.
 */
function runQuickStart(): express.Express {
  const apps: express.Express[] = [];
  const notListening = Object.assign(() => {
    const app = express();
    app.listen = jest.fn() as unknown as express.Express['listen'];
    apps.push(app);
    return app;
  }, express);
  const modules: Record<string, unknown> = { express: notListening, represent, './users': usersModule() };
  const { outputText } = ts.transpileModule(quickStart(), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } });
  const module = { exports: {} };
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    vm.runInThisContext(`(function (require, module, exports, console) {${outputText}\n})`)((name: string) => {
      if (!(name in modules)) throw new Error(`The quick start imports '${name}'`);
      return modules[name];
    }, module, module.exports, console);
  } finally {
    log.mockRestore();
  }
  expect(apps).toHaveLength(1);
  return apps[0]!;
}

describe('the README quick start, as written', () => {
  const app = runQuickStart();

  it("mounts the router under app.use('/api', ...)", () => {
    expect(quickStart()).toContain("app.use('/api', api.middleware())");
  });

  it('answers 201 with a Location under /api that resolves to the created user', async () => {
    const created = await request(app).post('/api/users').send({ name: 'Ann' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/api/users/1');
    const followed = await request(app).get(created.headers.location as string);
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ name: 'Ann', id: 1 });
  });

  it('answers 404 as a problem for a user that does not exist', async () => {
    const res = await request(app).get('/api/users/99');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });
});
