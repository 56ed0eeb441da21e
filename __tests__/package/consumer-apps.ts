import { quickStartBlock } from '../docs/quick-start';

/**
 * The scratch apps of the package test: each consumer's own test of one small app, written as a
 * user of the packed package writes it, with no settings for the package. The app is the same in
 * every consumer; only how it is loaded (import or require, JavaScript or TypeScript) and the test
 * runner differ.
 */

const esm = (runner: string): string => `import { strictEqual, match, ok } from 'node:assert/strict';
import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { createRouter, ResponseEntity, NotFound } from 'express-represent';
import { defaultConverters } from 'express-represent/converters';
import { cache, MemoryStore } from 'express-represent/cache';
import { expectProblem, runCacheStoreContract } from 'express-represent/testing';
${runner}`;

const cjs = (runner: string): string => `const { strictEqual, match, ok } = require('node:assert/strict');
const express = require('express');
const request = require('supertest');
const { z } = require('zod');
const { createRouter, ResponseEntity, NotFound } = require('express-represent');
const { defaultConverters } = require('express-represent/converters');
const { cache, MemoryStore } = require('express-represent/cache');
const { expectProblem, runCacheStoreContract } = require('express-represent/testing');
${runner}`;

/** The app (`ts`: with the annotations TypeScript wants): books negotiated as JSON or XML, behind the shared cache. */
function appSource(ts: boolean): string {
  return `
const books = new Map${ts ? '<string, { id: string; title: string; version: number }>' : ''}([['1', { id: '1', title: 'Dune', version: 1 }]]);

/** A book as a client sends it: a Standard Schema (zod), which the route reads the body through. */
const newBook = z.object({ title: z.string().min(1, 'a book needs a title') });

function bookApp() {
  const api = createRouter({ converters: defaultConverters() });
  api
    .get('/books/{id}')
    .produces('application/json', 'application/xml')
    .handle((ctx) => {
      const book = books.get(ctx.path.id);
      if (!book) throw new NotFound('No book ' + ctx.path.id);
      return ResponseEntity.ok({ title: book.title }).withValidators(String(book.version));
    });
  api
    .post('/books')
    .consumes('application/json')
    .body(newBook)
    .handle((ctx) => {
      const id = String(books.size + 1);
      books.set(id, { id, title: ctx.body.title, version: 1 });
      return ResponseEntity.created('/books/' + id, { title: ctx.body.title });
    });
  const app = express();
  app.use(cache({ store: new MemoryStore() }));
  app.use(api.middleware());
  return app;
}
`;
}

/**
 * The app and its test: negotiation, a 304, a POST with a schema body, and the cache store
 * contract run through `contractApi` (the runner's functions).
 */
function body(ts: boolean, contractApi: string): string {
  return `${appSource(ts)}
test('GET negotiates JSON or XML, and a matching If-None-Match answers 304', async () => {
  const app = bookApp();
  const json = await request(app).get('/books/1').set('Accept', 'application/json');
  strictEqual(json.status, 200);
  match(json.headers['content-type'], /^application\\/json/);
  strictEqual(json.body.title, 'Dune');
  const xml = await request(app).get('/books/1').set('Accept', 'application/xml');
  strictEqual(xml.status, 200);
  match(xml.headers['content-type'], /^application\\/xml/);
  match(xml.text, /<title>Dune<\\/title>/);
  const etag = json.headers['etag'];
  ok(etag, 'the 200 has an ETag');
  const notModified = await request(app).get('/books/1').set('Accept', 'application/json').set('If-None-Match', etag);
  strictEqual(notModified.status, 304);
  strictEqual(notModified.text, '');
});

test('POST reads a body through its schema: 201 when valid, a 400 problem when not', async () => {
  const app = bookApp();
  const created = await request(app).post('/books').send({ title: 'Emma' });
  strictEqual(created.status, 201);
  match(created.headers['location'], /^\\/books\\/\\d+$/);
  strictEqual(created.body.title, 'Emma');
  const problem = expectProblem(await request(app).post('/books').send({ title: '' }), 400);
  match(JSON.stringify(problem), /a book needs a title/);
});

runCacheStoreContract({ name: 'MemoryStore', newStore: () => new MemoryStore() }${contractApi});
`;
}

/** What the TypeScript consumers check besides the app: internals are not in the published types. */
const typesOnly = `
// @ts-expect-error Router.register is internal: not in the published types.
createRouter().register;
export const testingHelpers = [expectProblem, runCacheStoreContract, request];
export { bookApp };
`;

/**
 * The scratch apps' two sets of tools (consumers.test.ts installs each): what a user gets today
 * (jest 30, TypeScript 6, the newest ts-jest accepts, and TypeScript 7 for type checks) and the
 * oldest the package supports (jest 29, TypeScript 5.9, Vitest 3).
 */
export type Toolchain = 'today' | 'oldest';

/** Each scratch consumer: its folder, its files, the command that runs its test, and the tools it runs with. */
export interface Consumer {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  readonly command: readonly string[];
  readonly toolchain: Toolchain;
}

/** Which TypeScript a tsc consumer type-checks with: the one each toolchain installs as typescript, or 7 under an alias. */
const TSC: Readonly<Record<'5' | '6' | '7', { readonly toolchain: Toolchain; readonly command: readonly string[] }>> = {
  '5': { toolchain: 'oldest', command: ['node', '../node_modules/typescript/bin/tsc'] },
  '6': { toolchain: 'today', command: ['node', '../node_modules/typescript/bin/tsc'] },
  // TypeScript 7 is installed beside 6 under another name (typescript7@npm:typescript@^7), as a
  // project that type-checks with 7 and runs ts-jest with 6 installs it.
  '7': { toolchain: 'today', command: ['node', '../node_modules/typescript7/bin/tsc'] },
};

const ownPackage = (name: string, type: 'commonjs' | 'module' = 'commonjs'): string => JSON.stringify({ name, private: true, type });

/**
 * The README's quick start as a user pastes it into a file of their app, and a test that loads it:
 * it listens on 8080 as written, here on a free port instead (tests take no fixed port), and its
 * Location under /api must resolve. ts-jest type-checks it against the published declarations.
 */
const quickStartTest = `import { once } from 'node:events';
import { Server } from 'node:net';
import request from 'supertest';

test('the README quick start, as written, answers a Location under /api that resolves', async () => {
  const listen = Server.prototype.listen;
  let server: Server | undefined;
  Server.prototype.listen = function (this: Server) {
    server = this;
    return listen.call(this, { port: 0, host: '127.0.0.1' });
  } as typeof listen;
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    require('./quick-start');
  } finally {
    Server.prototype.listen = listen;
    log.mockRestore();
  }
  if (server === undefined) throw new Error('the quick start did not listen');
  if (!server.listening) await once(server, 'listening');
  try {
    const created = await request(server).post('/api/users').send({ name: 'Ann' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/api/users/1');
    const followed = await request(server).get(created.headers.location as string);
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ id: 1, name: 'Ann' });
  } finally {
    server.close();
  }
});
`;

/** The consumers that run a test runner, once with each toolchain. */
const RUNNERS: ReadonlyArray<Omit<Consumer, 'toolchain'>> = [
  {
    name: 'readme-quick-start',
    files: {
      'package.json': ownPackage('readme-quick-start'),
      'jest.config.js': "module.exports = { preset: 'ts-jest' };\n",
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'es2022', strict: true, esModuleInterop: true, types: ['jest', 'node'] } }),
      'quick-start.ts': quickStartBlock().code,
      'quick-start.test.ts': quickStartTest,
    },
    command: ['npx', 'jest', '--ci'],
  },
  {
    name: 'jest-cjs',
    files: { 'package.json': ownPackage('jest-cjs'), 'books.test.js': cjs('') + body(false, '') },
    command: ['npx', 'jest', '--ci'],
  },
  {
    name: 'jest-ts',
    files: {
      'package.json': ownPackage('jest-ts'),
      'jest.config.js': "module.exports = { preset: 'ts-jest' };\n",
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'es2022', strict: true, esModuleInterop: true, types: ['jest', 'node'] } }),
      'books.test.ts': esm('') + body(true, '') + typesOnly,
    },
    command: ['npx', 'jest', '--ci'],
  },
  {
    name: 'vitest',
    files: {
      'package.json': ownPackage('vitest', 'module'),
      'books.test.mts': esm("import { describe, it, test } from 'vitest';\n") + body(true, ', { describe, it }') + typesOnly,
    },
    command: ['npx', 'vitest', 'run'],
  },
];

/** A consumer that type-checks the app with `tsc` under one module resolution and one TypeScript. */
function tscConsumer(resolution: 'node16' | 'nodenext' | 'bundler', version: keyof typeof TSC): Consumer {
  const name = `tsc${version}-${resolution}`;
  return {
    name,
    toolchain: TSC[version].toolchain,
    files: {
      'package.json': ownPackage(name),
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          module: resolution === 'bundler' ? 'preserve' : resolution,
          moduleResolution: resolution,
          target: 'es2022',
          strict: true,
          esModuleInterop: true,
          noEmit: true,
          types: ['node'],
          // Checking every declaration takes half a minute (zod's, node's): node16 checks them all,
          // the package's among them; the others check what the app uses.
          skipLibCheck: resolution !== 'node16',
        },
        // Both module formats.
        files: ['app.ts', 'app.mts'],
      }),
      'app.ts': esm('') + appSource(true) + typesOnly,
      'app.mts': esm('') + appSource(true) + typesOnly,
    },
    command: [...TSC[version].command, '-p', 'tsconfig.json'],
  };
}

export const CONSUMERS: readonly Consumer[] = [
  ...(['today', 'oldest'] as const).flatMap((toolchain) => RUNNERS.map((runner) => ({ ...runner, name: `${runner.name}-${toolchain}`, toolchain }))),
  {
    name: 'node-esm',
    toolchain: 'today',
    files: { 'package.json': ownPackage('node-esm', 'module'), 'books.test.mjs': esm("import { describe, it, test } from 'node:test';\n") + body(false, ', { describe, it }') },
    command: ['node', '--test', 'books.test.mjs'],
  },
  {
    name: 'node-cjs',
    toolchain: 'today',
    files: { 'package.json': ownPackage('node-cjs'), 'books.test.cjs': cjs("const { describe, it, test } = require('node:test');\n") + body(false, ', { describe, it }') },
    command: ['node', '--test', 'books.test.cjs'],
  },
  tscConsumer('node16', '5'),
  ...(['5', '6', '7'] as const).flatMap((version) => (['nodenext', 'bundler'] as const).map((resolution) => tscConsumer(resolution, version))),
];
