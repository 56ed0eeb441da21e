import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CONSUMERS } from './consumer-apps';

const run = promisify(execFile);
const ROOT = join(__dirname, '../..');
/** The scratch apps install these from the registry (npm's cache makes a second run fast). */
const DEV_DEPENDENCIES = [
  'express@^5',
  'supertest@^7',
  'jest@^29',
  'ts-jest@^29',
  'typescript@~5.9',
  // Vitest 3 runs on Node 20; Vitest 4 wants Vite 7+, whose install fails on some npm 10 set-ups.
  'vitest@^3.2',
  '@types/express@^5',
  '@types/jest@^29',
  '@types/node@^20',
  '@types/supertest@^6',
  'zod@^4',
];

/** The environment of a user's shell: without the variables of the npm script and jest worker that run this test. */
function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^(npm_(lifecycle|package)_|JEST_WORKER_ID$|NODE_OPTIONS$)/.test(key)) delete env[key];
  return { ...env, NODE_ENV: 'test', CI: 'true' };
}

/** Runs a command in `cwd`, failing with its output when it fails. */
async function sh(command: readonly string[], cwd: string): Promise<string> {
  try {
    const { stdout, stderr } = await run(command[0]!, command.slice(1), { cwd, env: userEnv(), maxBuffer: 64 * 1024 * 1024, timeout: 180_000 });
    return stdout + stderr;
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command.join(' ')} failed in ${cwd}: ${message}\n${stdout}\n${stderr}`);
  }
}

let scratch = '';
const failures = new Map<string, string>();

// Packing runs `prepare` (the build), installing fetches the runners, and each consumer runs: about
// two minutes with a warm npm cache on an idle machine, more on a cold cache or a busy one.
jest.setTimeout(600_000);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'represent-consumers-'));
  await sh(['npm', 'pack', '--silent', '--pack-destination', scratch], ROOT);
  const tarball = (await readdir(scratch)).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  const app = join(scratch, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true }));
  await sh(['npm', 'install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', `../${tarball}`, ...DEV_DEPENDENCIES], app);
  for (const consumer of CONSUMERS) {
    const folder = join(app, consumer.name);
    await mkdir(folder);
    for (const [name, text] of Object.entries(consumer.files)) await writeFile(join(folder, name), text);
  }
  // Every consumer runs, so that one failure does not hide another; each test then reports its own.
  for (const consumer of CONSUMERS) {
    await sh(consumer.command, join(app, consumer.name)).catch((error: Error) => failures.set(consumer.name, error.message));
  }
});

afterAll(async () => {
  if (scratch !== '') await rm(scratch, { recursive: true, force: true });
});

describe('the packed package, installed in a scratch app with no settings for it', () => {
  it.each(CONSUMERS.map((consumer) => consumer.name))('loads and passes its test in %s', (name) => {
    expect(failures.get(name)).toBeUndefined();
  });
});
