import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { INSTALL_FLAGS, packInto, sh, userEnv } from '../setup/scratch-app';
import { EXAMPLES, EXAMPLE_NAMES, exampleNames, manifestOf } from './example-folders';

/**
 * Every app under examples/, run as its user runs it: the packed package installed in a copy of
 * the example, then the example's own `npm test` (`tsc --noEmit`, strict, then its jest with its
 * own config: ts-jest and supertest), then `npm start`'s server asked for the page it names.
 * One `npm install` serves all of them: the copies are the workspaces of one scratch folder.
 */

/** Starts the server as `npm start` does (tsx src/server.ts), on a free port, and answers its process and the URL it printed. */
async function startServer(folder: string): Promise<{ server: ChildProcess; url: string }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: folder, env: { ...userEnv(), PORT: '0', HOST: '127.0.0.1' } });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Listening on" line in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  return { server, url };
}

let scratch = '';
let names: string[] = [];
const testFailures = new Map<string, string>();
const serverAnswers = new Map<string, number | string>();

// Packing builds the package; the install fetches jest, ts-jest, TypeScript and tsx (from npm's
// cache after the first run); each example then type-checks and runs its tests.
jest.setTimeout(900_000);

beforeAll(async () => {
  names = await exampleNames();
  scratch = await mkdtemp(join(tmpdir(), 'represent-examples-'));
  const tarball = await packInto(scratch);
  const root = join(scratch, 'examples');
  for (const name of names) {
    const copy = join(root, name);
    await cp(join(EXAMPLES, name), copy, { recursive: true, filter: (source) => !/[\\/](node_modules|dist)$/.test(source) });
    // The example's `express-represent` is the packed package, as `npm install express-represent` would give it.
    const manifest = await manifestOf(copy);
    const dependencies = { ...manifest.dependencies, 'express-represent': `file:${relative(copy, tarball)}` };
    await writeFile(join(copy, 'package.json'), JSON.stringify({ ...manifest, dependencies }, null, 2));
  }
  await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'represent-examples', private: true, workspaces: names }));
  await sh(['npm', 'install', ...INSTALL_FLAGS], root);
  // Every example runs, so that one failure does not hide another; each test then reports its own.
  for (const name of names) {
    const folder = join(root, name);
    await sh(['npm', 'test'], folder).catch((error: Error) => testFailures.set(name, error.message));
    const { server, url } = await startServer(folder).catch((error: Error) => ({ server: undefined, url: error.message }));
    if (server === undefined) {
      serverAnswers.set(name, url);
      continue;
    }
    try {
      serverAnswers.set(name, (await fetch(url)).status);
    } catch (error) {
      serverAnswers.set(name, String(error));
    } finally {
      server.kill();
      await once(server, 'exit');
    }
  }
});

afterAll(async () => {
  if (scratch !== '') await rm(scratch, { recursive: true, force: true });
});

describe('examples/', () => {
  it('holds the six examples', () => {
    expect(names).toEqual(EXAMPLE_NAMES);
  });

  it.each(EXAMPLE_NAMES)('%s passes its own npm test (tsc strict, then jest)', (name) => {
    expect(testFailures.get(name)).toBeUndefined();
  });

  it.each(EXAMPLE_NAMES)('%s: its server (tsx src/server.ts, as npm start runs it) answers the page it prints', (name) => {
    expect(serverAnswers.get(name)).toBe(200);
  });
});
