import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
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

/** Packs the package into `folder` (`npm pack`, which runs `prepare`, the build) and answers the tarball's path. */
export async function packInto(folder: string): Promise<string> {
  await sh(['npm', 'pack', '--silent', '--pack-destination', folder], ROOT);
  const tarball = (await readdir(folder)).find((name) => name.endsWith('.tgz'));
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  return join(folder, tarball);
}
