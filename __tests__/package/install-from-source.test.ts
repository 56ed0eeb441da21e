import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { INSTALL_FLAGS, ROOT, sh } from '../setup/scratch-app';

/**
 * `npm install` from a git URL and from a local folder, as a user installs an unreleased version:
 * a clean clone of this repository's HEAD (no dist/), then one scratch app per form. npm runs the
 * package's `prepare` (the build) in both, so the installed package must load and answer.
 */

/** An app that mounts a router under /api, creates a book and fetches it as XML from its Location. */
const CHECK = `
const express = require('express');
const { createRouter, ResponseEntity } = require('express-represent');
const books = [];
const api = createRouter();
api.post('/books').consumes('application/json').produces('application/json').body(Object).handle((ctx) => {
  books.push(ctx.body);
  return ResponseEntity.created(ctx.url('/books/{id}', { id: books.length }), ctx.body);
});
api.get('/books/{id}').produces('application/json', 'application/xml').xmlRoot('book').handle((ctx) => books[Number(ctx.path.id) - 1]);
const app = express();
app.use('/api', api.middleware());
const server = app.listen(0, '127.0.0.1', async () => {
  const base = 'http://127.0.0.1:' + server.address().port;
  const created = await fetch(base + '/api/books', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"Dune"}' });
  const location = created.headers.get('location');
  const fetched = await fetch(base + location, { headers: { accept: 'application/xml' } });
  console.log(JSON.stringify({ created: created.status, location, fetched: fetched.status, type: fetched.headers.get('content-type'), text: await fetched.text() }));
  server.close();
});
`;

/** What the check app printed: the POST's status and Location, then the GET of that Location. */
interface CheckResult {
  readonly created: number;
  readonly location: string;
  readonly fetched: number;
  readonly type: string;
  readonly text: string;
}

let scratch = '';
let clone = '';
let cloneHadDist = true;
const results = new Map<string, CheckResult | Error>();
const installed = new Map<string, string[]>();

// Each install fetches the package's devDependencies for its build (npm's cache makes it faster
// the second time) and builds it: about a minute each on the shared machine, run side by side.
// Those devDependencies include the service's better-sqlite3, whose prebuilt binary comes from
// GitHub: where GitHub is out of reach (as on the CI machines) it compiles SQLite from source, which
// takes minutes when the machine is busy, so an install may take up to 15.
const INSTALL_TIME_LIMIT = 900_000;
jest.setTimeout(INSTALL_TIME_LIMIT + 300_000);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'represent-install-'));
  clone = join(scratch, 'express-represent');
  await sh(['git', 'clone', '--quiet', ROOT, clone], scratch);
  cloneHadDist = existsSync(join(clone, 'dist'));
  const forms = { 'git URL': `git+file://${clone}`, 'local folder': clone };
  await Promise.all(
    Object.entries(forms).map(async ([form, spec]) => {
      const app = join(scratch, form.replace(' ', '-'));
      await mkdir(app);
      await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true }));
      await writeFile(join(app, 'check.js'), CHECK);
      try {
        await sh(['npm', 'install', ...INSTALL_FLAGS, spec, 'express@^5'], app, {}, INSTALL_TIME_LIMIT);
        installed.set(form, (await readdir(join(app, 'node_modules', 'express-represent'))).sort());
        results.set(form, JSON.parse(await sh(['node', 'check.js'], app)) as CheckResult);
      } catch (error) {
        results.set(form, error as Error);
      }
    }),
  );
});

afterAll(async () => {
  if (scratch !== '') await rm(scratch, { recursive: true, force: true });
});

describe('npm install from source', () => {
  it('starts from a clone with no build in it', () => {
    expect(cloneHadDist).toBe(false);
  });

  it.each(['git URL', 'local folder'])('from a %s builds the package, which loads and answers under a mount path', (form) => {
    const result = results.get(form);
    if (result instanceof Error) throw result;
    expect(result).toMatchObject({ created: 201, location: '/api/books/1', fetched: 200 });
    expect(result?.type).toMatch(/^application\/xml/);
    expect(result?.text).toContain('<title>Dune</title>');
  });

  it('from a git URL installs only the files package.json ships', () => {
    // node_modules holds a dependency npm could not hoist, when there is one.
    expect(installed.get('git URL')?.filter((name) => name !== 'node_modules')).toEqual(['LICENSE', 'README.md', 'dist', 'package.json']);
  });
});

interface Manifest {
  readonly exports: Readonly<Record<string, string | { readonly types: string; readonly default: string }>>;
}

/**
 * The declaration files a declaration file names (`from './x'`, `import('./x')`), as paths of the
 * package in `root`: `./x` is `x.d.ts`, or `x/index.d.ts` for a folder.
 */
function declarationImports(root: string, file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\()\s*['"](\.[^'"]+)['"]/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => {
    const path = normalize(join(dirname(file), specifier)).replace(/(\.d\.ts|\.js)$/, '');
    return existsSync(join(root, `${path}.d.ts`)) ? `${path}.d.ts` : join(path, 'index.d.ts');
  });
}

describe('what npm pack ships (files in package.json), listed from the built clone', () => {
  let listing: string[] = [];
  let manifest: Manifest;

  beforeAll(async () => {
    // The folder install built the clone; --ignore-scripts lists that build without building again.
    const packed = JSON.parse(await sh(['npm', 'pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], clone)) as { files: { path: string }[] }[];
    listing = packed[0]!.files.map((file) => file.path).sort();
    manifest = JSON.parse(await readFile(join(clone, 'package.json'), 'utf8')) as Manifest;
  });

  it('ships the bundle, one module per entry, LICENSE and README, and declarations only besides', () => {
    const entries = Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [] : [target.default.slice(2)]));
    // represent/otel is a bundle of its own (the one entry that loads @opentelemetry/api), among the entries.
    expect(listing.filter((path) => !path.startsWith('dist/types/'))).toEqual(
      ['LICENSE', 'README.md', 'package.json', 'dist/represent.js', ...entries].sort(),
    );
    expect(listing.filter((path) => path.startsWith('dist/types/') && !path.endsWith('.d.ts'))).toEqual([]);
  });

  it('ships exactly the declarations the entries reach, and nothing the build did not make', () => {
    const shipped = new Set(listing.filter((path) => path.endsWith('.d.ts')));
    const reached = new Set<string>();
    const queue = Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [] : [normalize(target.types)]));
    return (async () => {
      while (queue.length > 0) {
        const file = queue.pop()!;
        if (reached.has(file)) continue;
        reached.add(file);
        for (const next of declarationImports(clone, file, await readFile(join(clone, file), 'utf8'))) queue.push(next);
      }
      expect([...shipped].filter((path) => !reached.has(path))).toEqual([]);
      expect([...reached].filter((path) => !shipped.has(path))).toEqual([]);
    })();
  });
});
