import { execFile } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

/**
 * What the tests that install the package into scratch apps share (the consumers, the examples,
 * the installs from git and from a folder): the repository root, a user's shell environment, a
 * command runner that fails with the command's output, and `npm pack`.
 */

const run = promisify(execFile);

/** The repository's root folder. */
export const ROOT = join(__dirname, '../..');

/** The environment of a user's shell: without the variables of the npm script and jest worker that run this test. */
export function userEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^(npm_(lifecycle|package|config)_|JEST_WORKER_ID$|NODE_OPTIONS$|INIT_CWD$)/.test(key)) delete env[key];
  return { ...env, NODE_ENV: 'test', CI: 'true' };
}

/**
 * Runs a command in `cwd` (as a user's shell would, or with `env` added), failing with its output
 * when it fails or outlives `timeout` milliseconds.
 */
export async function sh(command: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}, timeout = 300_000): Promise<string> {
  try {
    const { stdout, stderr } = await run(command[0]!, command.slice(1), { cwd, env: { ...userEnv(), ...env }, maxBuffer: 64 * 1024 * 1024, timeout });
    return stdout + stderr;
  } catch (error) {
    const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command.join(' ')} failed in ${cwd}: ${message}\n${stdout}\n${stderr}`);
  }
}

/** The npm flags of every scratch install: quiet, and from npm's cache when it has the package. */
export const INSTALL_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'] as const;

/** The variable naming the folder of the run's one packing (__tests__/setup/pack-once.ts), when there is one. */
export const PACK_FOLDER = 'REPRESENT_PACK_FOLDER';

/**
 * Runs `npm pack` into `folder` and answers the tarball's path. It packs a copy of the repository's
 * files (those git tracks or would track, as they are in the working tree), never the repository
 * itself: `prepack` rebuilds dist/ and rewrites package.json without its scripts until `postpack`,
 * and the tests running beside this one (`npm start` among them) read both.
 */
async function pack(folder: string): Promise<string> {
  const staging = await mkdtemp(join(tmpdir(), 'represent-staging-'));
  try {
    const files = (await sh(['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], ROOT)).split('\0').filter((file) => file !== '' && existsSync(join(ROOT, file)));
    for (const file of files) {
      await mkdir(dirname(join(staging, file)), { recursive: true });
      await copyFile(join(ROOT, file), join(staging, file));
    }
    await symlink(join(ROOT, 'node_modules'), join(staging, 'node_modules'), 'dir');
    await sh(['npm', 'pack', '--silent', '--pack-destination', folder], staging);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const tarball = (await readdir(folder)).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  return join(folder, tarball);
}

/** Resolves once `file` exists in `folder` (written whole by a rename), whichever process writes it. */
function fileIn(folder: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Watching from before the check: a file renamed in between is seen by one or the other.
    const watcher = watch(folder, (_event, name) => name === file && settle());
    const settle = (): void => {
      watcher.close();
      resolve();
    };
    watcher.on('error', reject);
    if (existsSync(join(folder, file))) settle();
  });
}

/**
 * Packs the package into `folder` (`npm pack`, whose `prepack` builds it) and answers the
 * tarball's path. In a run with a pack folder ({@link PACK_FOLDER}), the package is packed once
 * there, by the first test file to ask (the one that creates `packing/`), and every test file gets a
 * copy of that tarball.
 */
export async function packInto(folder: string): Promise<string> {
  const shared = process.env[PACK_FOLDER];
  if (shared === undefined) return pack(folder);
  const done = 'packed.json';
  const first = await mkdir(join(shared, 'packing')).then(() => true, () => false);
  if (first) {
    const outcome = await pack(join(shared, 'packing')).then((tarball) => ({ tarball }), (error: Error) => ({ error: error.message }));
    await writeFile(join(shared, 'packing.json'), JSON.stringify(outcome));
    await rename(join(shared, 'packing.json'), join(shared, done));
  } else {
    await fileIn(shared, done);
  }
  const outcome = JSON.parse(await readFile(join(shared, done), 'utf8')) as { tarball?: string; error?: string };
  if (outcome.tarball === undefined) throw new Error(`packing the package failed: ${outcome.error}`);
  const copy = join(folder, basename(outcome.tarball));
  await copyFile(outcome.tarball, copy);
  return copy;
}
