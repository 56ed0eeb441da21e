import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = join(__dirname, '../..');
// typedoc's package exports do not name its bin script, so jest's resolver cannot find it by name.
const TYPEDOC = join(ROOT, 'node_modules', 'typedoc', 'bin', 'typedoc');

interface Manifest {
  readonly exports: Readonly<Record<string, string | { readonly types?: string }>>;
}

interface TypedocConfig {
  readonly entryPoints: readonly string[];
}

/** The source file of each published subpath's types: `./dist/types/src/x.d.ts` comes from `src/x.ts`. */
async function publishedSources(): Promise<Map<string, string>> {
  const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const sources = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === 'string' || target.types === undefined) continue;
    const name = subpath === '.' ? 'express-represent' : `express-represent/${subpath.slice(2)}`;
    sources.set(name, target.types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts'));
  }
  return sources;
}

/** TypeDoc's warnings and errors, one per line, colours removed. */
function problemsIn(output: string): string[] {
  return output
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => /^\[(warning|error)\]/.test(line));
}

describe('the API reference (npm run docs)', () => {
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'represent-typedoc-'));
  });
  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('documents exactly the entry points package.json exports', async () => {
    const config = JSON.parse(await readFile(join(ROOT, 'typedoc.json'), 'utf8')) as TypedocConfig;
    expect([...config.entryPoints].sort()).toEqual([...(await publishedSources()).values()].sort());
  });

  it(
    'builds with no warning or error, each entry point named as its subpath',
    async () => {
      let output: string;
      try {
        const { stdout, stderr } = await run(process.execPath, [TYPEDOC, '--out', join(out, 'html'), '--json', join(out, 'api.json')], {
          cwd: ROOT,
          maxBuffer: 64 * 1024 * 1024,
          timeout: 240_000,
        });
        output = stdout + stderr;
      } catch (error) {
        const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
        output = `${stdout}${stderr}`;
        // A failure that printed no warning (a crash, a bad option) must fail too.
        if (problemsIn(output).length === 0) throw new Error(`typedoc failed: ${message}\n${output}`);
      }
      expect(problemsIn(output)).toEqual([]);
      const api = JSON.parse(await readFile(join(out, 'api.json'), 'utf8')) as { children: readonly { name: string }[] };
      expect(api.children.map((module) => module.name).sort()).toEqual([...(await publishedSources()).keys()].sort());
    },
    300_000,
  );
});
