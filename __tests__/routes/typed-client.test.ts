import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { OpenApiDocument } from '../../src';
import { listeningServers } from '../setup/listening';
import { DEVELOPMENT_TOKENS } from '../../routes/auth/accounts';
import { service } from '../setup/service-fixture';

/**
 * The typed client round trip of issue 22: openapi-typescript turns the document the service
 * serves into types, a client written with openapi-fetch against them type-checks (tsc, strict)
 * and calls the running service once per operation, and a deliberately wrong call does not compile.
 * Everything runs in child processes (the tools are ES modules) in a temporary folder that links
 * this project's node_modules.
 */

const run = promisify(execFile);
const ROOT = path.join(__dirname, '../..');
const MODULES = realpathSync(path.join(ROOT, 'node_modules'));

/** openapi-fetch takes path styles from the template only (`{;name}`); OpenAPI says them per parameter (`style: matrix`). */
const PATH_SERIALIZER = `
const matrix = new Set<string>();
for (const item of Object.values(document.paths) as Record<string, { parameters?: { name: string; style?: string }[] }>[]) {
  for (const operation of Object.values(item)) for (const p of operation?.parameters ?? []) if (p.style === 'matrix') matrix.add(p.name);
}
function pathSerializer(pathname: string, params: Record<string, unknown>): string {
  let template = pathname;
  const others: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (!matrix.has(name)) others[name] = value;
    else {
      const values = value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value];
      template = template.replace(\`{\${name}}\`, values.length === 0 ? '' : \`;\${name}=\${values.map((v) => encodeURIComponent(String(v))).join(',')}\`);
    }
  }
  return defaultPathSerializer(template, others);
}
`;

const CLIENT = `import { readFileSync } from 'node:fs';
import createClient, { defaultPathSerializer } from 'openapi-fetch';
import type { paths } from './schema.js';

const document = JSON.parse(readFileSync(new URL('./openapi.json', import.meta.url), 'utf8')) as { paths: Record<string, unknown> };
${PATH_SERIALIZER}
// The document requires the bearer token of every write: the client sends the admin's.
const client = createClient<paths>({ baseUrl: process.env.BASE_URL!, pathSerializer, headers: { Authorization: \`Bearer \${process.env.ADMIN_TOKEN!}\` } });
const calls: { method: string; path: string; status: number }[] = [];
client.use({ onResponse({ schemaPath, request, response }) { calls.push({ method: request.method, path: schemaPath, status: response.status }); } });

const book = { isbn: '0441172717', title: 'Dune', author: 'Frank Herbert', year: 1965 };
await client.GET('/bookcase', { params: { query: { view: 'summary' } } });
await client.PUT('/bookcase', { body: { name: 'Shelf', books: [book] } });
await client.PATCH('/bookcase', { body: { name: 'Patched shelf' }, headers: { 'Content-Type': 'application/merge-patch+json' } });
await client.GET('/user/all{role}', { params: { path: { role: ['admin', 'editor'] }, query: { page: 1, size: 10 } } });
const created = await client.POST('/users', { body: { name: 'Grace Hopper', email: 'grace@example.org', role: 'admin' } });
await client.GET('/users/search', { params: { query: { name: created.response.ok ? 'grace' : 'nobody' } } });
await client.GET('/users/feed', { parseAs: 'text' });
// An event stream does not end: its head is the answer, then the client leaves.
const events = await client.GET('/users/events', { parseAs: 'stream', headers: { Accept: 'text/event-stream' } });
await events.response.body?.cancel();
await client.PUT('/users/{id}', { params: { path: { id: 'ada' } }, body: { name: 'Ada Lovelace', email: 'ada@example.org', role: 'editor' } });
await client.PATCH('/users/{id}', { params: { path: { id: 'ada' } }, body: { role: 'viewer' }, headers: { 'Content-Type': 'application/merge-patch+json' } });
await client.PUT('/users/{id}/avatar', { params: { path: { id: 'ada' } }, body: readFileSync(process.env.PNG!), bodySerializer: (bytes) => bytes as BodyInit, headers: { 'Content-Type': 'image/png' } });
const user = await client.GET('/users/{id}{fields}', { params: { path: { id: 'ada', fields: ['name', 'avatar'] } } });
const version = Number(String((user.data as { avatar?: string } | undefined)?.avatar).split(';v=')[1]);
await client.GET('/users/{id}/avatar{v}', { params: { path: { id: 'ada', v: version } }, parseAs: 'arrayBuffer' });
await client.POST('/users/{id}', { params: { path: { id: 'ada' } } });
await client.OPTIONS('/users/{id}', { params: { path: { id: 'ada' } } });
await client.DELETE('/users/{id}', { params: { path: { id: 'ada' } } });
await client.DELETE('/user/all', { params: { header: { 'X-Confirm': 'delete-all-users' } } });
await client.GET('/openapi.json');
await client.GET('/docs', { parseAs: 'text' });
await client.GET('/docs/start.js', { parseAs: 'text' });
await client.GET('/docs/swagger-ui.css', { parseAs: 'text' });
await client.GET('/docs/swagger-ui-bundle.js', { parseAs: 'text' });
await client.GET('/docs/favicon-32x32.png', { parseAs: 'arrayBuffer' });
process.stdout.write(JSON.stringify(calls));
`;

/** One wrong call: a role the schema's enum does not have. */
const WRONG = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
await client.POST('/users', { body: { name: 'Eve', email: 'eve@example.org', role: 'superuser' } });
`;

function tsconfig(file: string): string {
  return JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', lib: ['es2023', 'dom'], types: ['node'], skipLibCheck: true },
    files: [file],
  });
}

/** Runs a node script in `dir`; answers its exit code and output instead of throwing. */
async function node(dir: string, args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...args], { cwd: dir, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function operationsOf(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([p, item]) => Object.keys(item).filter((m) => OPERATION_METHODS.has(m)).map((m) => `${m.toUpperCase()} ${p}`));
}

describe('a typed client of the service, generated from /openapi.json', () => {
  const listening = listeningServers();
  let dir: string;
  let server: Server;
  let document: OpenApiDocument;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'represent-typed-client-'));
    symlinkSync(MODULES, path.join(dir, 'node_modules'), 'dir');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(async () => {
    server = await listening(service().app);
    const response = await fetch(`${baseUrl()}/openapi.json`);
    document = (await response.json()) as OpenApiDocument;
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(document));
    const generated = await node(dir, [path.join(MODULES, 'openapi-typescript/bin/cli.js'), 'openapi.json', '-o', 'schema.d.ts']);
    expect(generated).toMatchObject({ code: 0 });
  }, 60_000);

  function baseUrl(): string {
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('type-checks, and calls every operation of the document against the running service', async () => {
    writeFileSync(path.join(dir, 'client.mts'), CLIENT);
    writeFileSync(path.join(dir, 'tsconfig.json'), tsconfig('client.mts'));
    const checked = await node(dir, [path.join(MODULES, 'typescript/bin/tsc'), '-p', 'tsconfig.json']);
    expect(checked.stdout).toBe('');
    expect(checked.code).toBe(0);

    const ran = await node(dir, [path.join(MODULES, 'tsx/dist/cli.mjs'), 'client.mts'], { BASE_URL: baseUrl(), PNG: path.join(ROOT, 'routes/assets/avatar.png'), ADMIN_TOKEN: DEVELOPMENT_TOKENS.admin });
    expect(ran.stderr).toBe('');
    const calls = JSON.parse(ran.stdout) as { method: string; path: string; status: number }[];
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(operationsOf(document).sort());
    const status = Object.fromEntries(calls.map((c) => [`${c.method} ${c.path}`, c.status]));
    expect(status).toEqual({
      'GET /bookcase': 200,
      'PUT /bookcase': 204,
      'PATCH /bookcase': 200,
      'GET /user/all{role}': 200,
      'POST /users': 201,
      'GET /users/search': 200,
      'GET /users/feed': 200,
      'GET /users/events': 200,
      'PUT /users/{id}': 201,
      'PATCH /users/{id}': 200,
      'PUT /users/{id}/avatar': 201,
      'GET /users/{id}{fields}': 200,
      'GET /users/{id}/avatar{v}': 200,
      // POST to a named user is never allowed (the route says why), and OPTIONS lists what is.
      'POST /users/{id}': 405,
      'OPTIONS /users/{id}': 204,
      'DELETE /users/{id}': 204,
      'DELETE /user/all': 204,
      'GET /openapi.json': 200,
      'GET /docs': 200,
      'GET /docs/start.js': 200,
      'GET /docs/swagger-ui.css': 200,
      'GET /docs/swagger-ui-bundle.js': 200,
      'GET /docs/favicon-32x32.png': 200,
    });
  }, 120_000);

  it('refuses to compile a call the document does not allow', async () => {
    writeFileSync(path.join(dir, 'wrong.mts'), WRONG);
    writeFileSync(path.join(dir, 'tsconfig.wrong.json'), tsconfig('wrong.mts'));
    const checked = await node(dir, [path.join(MODULES, 'typescript/bin/tsc'), '-p', 'tsconfig.wrong.json']);
    expect(checked.code).not.toBe(0);
    const errors = checked.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^wrong\.mts\(5,\d+\): error TS2322: Type '"superuser"' is not assignable to type '"admin" \| "editor" \| "viewer"'/);
  }, 120_000);
});
