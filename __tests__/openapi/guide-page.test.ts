import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import ts from 'typescript';
import type { OpenApiDocument } from '../../src';
import { openApiErrors } from './validate-openapi';

/**
 * The code of docs/guide/openapi.md, as a reader would use it: each ```ts block is a whole module
 * importing from 'represent'; they type-check (strict, `represent` mapped to the sources), run,
 * print what their `// comment` says, and the example app answers as the page says.
 */

const ROOT = path.join(__dirname, '../..');
const PAGE = readFileSync(path.join(ROOT, 'docs/guide/openapi.md'), 'utf8');
const BLOCKS = [...PAGE.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

interface Ran {
  readonly exports: { app?: RequestListener };
  readonly printed: string[];
}

/** Runs a block as CommonJS: 'represent' is the sources, every other import this project's. */
function run(code: string): Ran {
  const { outputText } = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } });
  const printed: string[] = [];
  const module = { exports: {} as Ran['exports'] };
  const requireFor = (name: string): unknown => (name === 'represent' ? require('../../src') : require(name));
  Object.assign(requireFor, { resolve: require.resolve });
  const fakeConsole = { ...console, log: (...values: unknown[]) => printed.push(values.map(String).join(' ')) };
  new Function('require', 'module', 'exports', 'console', outputText)(requireFor, module, module.exports, fakeConsole);
  return { exports: module.exports, printed };
}

describe('docs/guide/openapi.md', () => {
  it('has whole-module TypeScript blocks that import from represent', () => {
    expect(BLOCKS.length).toBe(3);
    for (const block of BLOCKS) expect(block).toMatch(/from 'represent';/);
  });

  it('type-checks every block against the public API, strict', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'represent-guide-openapi-'));
    try {
      symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
      const files = BLOCKS.map((block, i) => {
        writeFileSync(path.join(dir, `block${i + 1}.ts`), block);
        return `block${i + 1}.ts`;
      });
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { strict: true, noEmit: true, target: 'es2022', lib: ['ES2023'], module: 'node20', moduleResolution: 'node16', esModuleInterop: true, skipLibCheck: true, types: ['node'], paths: { represent: [path.join(ROOT, 'src/index.ts')] } },
          files,
        }),
      );
      const checked = await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      expect(checked.stdout).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('prints what each block says it prints', () => {
    for (const block of BLOCKS) {
      const promised = [...block.matchAll(/console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map((m) => m[1]!.trim());
      expect(run(block).printed).toEqual(promised);
    }
  });

  describe('the example app', () => {
    const { app } = run(BLOCKS[0]!).exports;

    it('serves a valid document at /openapi.json, fresh for five minutes, with an ETag', async () => {
      const res = await request(app!).get('/openapi.json').expect(200);
      expect(res.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'max-age=300', vary: 'Accept', etag: expect.stringMatching(/^"/) });
      await request(app!).get('/openapi.json').set('If-None-Match', res.headers.etag as string).expect(304);
      const document = JSON.parse(res.text) as OpenApiDocument;
      expect(Object.keys(document.paths)).toEqual(['/books/{isbn}']);
      expect(await openApiErrors(document)).toEqual([]);
    }, 30_000);

    it('serves Swagger UI from the installed package at /docs', async () => {
      expect((await request(app!).get('/docs').expect(200)).text).toContain('docs/swagger-ui-bundle.js');
      await request(app!).get('/docs/start.js').expect(200).expect('Content-Type', /javascript/);
      const bundle = await request(app!).get('/docs/swagger-ui-bundle.js').expect(200);
      expect(bundle.text).toBe(readFileSync(require.resolve('swagger-ui-dist/swagger-ui-bundle.js'), 'utf8'));
    });

    it('stores and reads books as its document says', async () => {
      const dune = { isbn: '9780441172719', title: 'Dune', year: 1965 };
      await request(app!).put('/books/9780441172719').send(dune).expect(204);
      expect((await request(app!).get('/books/9780441172719').expect(200)).body).toEqual(dune);
      await request(app!).get('/books/9780000000000').expect(404);
    });
  });
});
