import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { INSTALL_FLAGS, ROOT, packInto, sh } from '../setup/scratch-app';
import { CONSUMERS, type Toolchain } from './consumer-apps';

/** What every scratch app installs besides its toolchain. */
const COMMON = ['express@^5', 'supertest@^7', '@types/express@^5', '@types/supertest', 'zod@^4'];

/** Vitest 5 runs on Node 22.12 or later: on an older Node, a user gets the newest Vitest that runs there. */
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const VITEST_TODAY = major > 22 || (major === 22 && minor >= 12) ? 'vitest@latest' : 'vitest@^4';

/**
 * Each toolchain's devDependencies, from the registry (npm's cache makes a second run fast).
 * Today's is what `npm install --save-dev jest ts-jest typescript@6 ...` gives now: ts-jest 29
 * accepts TypeScript below 7, so `typescript@latest` (7) with ts-jest does not resolve at all
 * (ERESOLVE); TypeScript 7 comes in beside it under another name, for the tsc consumers.
 */
const TOOLCHAINS: Readonly<Record<Toolchain, readonly string[]>> = {
  today: [...COMMON, 'jest@latest', 'ts-jest@latest', 'typescript@^6', 'typescript7@npm:typescript@^7', VITEST_TODAY, '@types/jest@latest', '@types/node@latest'],
  oldest: [...COMMON, 'jest@^29', 'ts-jest@^29', 'typescript@~5.9', 'vitest@^3.2', '@types/jest@^29', '@types/node@^20'],
};

let scratch = '';
let tarball = '';
const installOutput = new Map<Toolchain, string>();
const failures = new Map<string, string>();

// Packing builds the package, installing fetches two sets of runners, and each consumer runs:
// a few minutes with a warm npm cache on an idle machine, more on a cold cache or a busy one.
jest.setTimeout(1_200_000);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'represent-consumers-'));
  tarball = await packInto(scratch);
  await Promise.all(
    (Object.keys(TOOLCHAINS) as Toolchain[]).map(async (toolchain) => {
      const app = join(scratch, `app-${toolchain}`);
      await mkdir(app);
      await writeFile(join(app, 'package.json'), JSON.stringify({ name: `scratch-app-${toolchain}`, private: true }));
      installOutput.set(toolchain, await sh(['npm', 'install', ...INSTALL_FLAGS.filter((flag) => !flag.startsWith('--loglevel')), `../${basename(tarball)}`, ...TOOLCHAINS[toolchain]], app));
    }),
  );
  for (const consumer of CONSUMERS) {
    const folder = join(scratch, `app-${consumer.toolchain}`, consumer.name);
    await mkdir(folder);
    for (const [name, text] of Object.entries(consumer.files)) await writeFile(join(folder, name), text);
  }
  // Every consumer runs, so that one failure does not hide another; each test then reports its own.
  for (const consumer of CONSUMERS) {
    await sh(consumer.command, join(scratch, `app-${consumer.toolchain}`, consumer.name)).catch((error: Error) => failures.set(consumer.name, error.message));
  }
});

afterAll(async () => {
  if (scratch !== '') await rm(scratch, { recursive: true, force: true });
});

describe('the packed package, installed in a scratch app with no settings for it', () => {
  it.each(CONSUMERS.map((consumer) => [consumer.name, consumer.toolchain] as const))('loads and passes its test in %s (%s toolchain)', (name) => {
    expect(failures.get(name)).toBeUndefined();
  });

  it.each(Object.keys(TOOLCHAINS))('installs with no install script of the package to approve (%s toolchain)', (toolchain) => {
    // npm 11 lists a tarball's prepare as an install script, though it never runs there.
    expect(installOutput.get(toolchain as Toolchain)).not.toMatch(/install-scripts\s+express-represent@/);
  });
});

describe('the tarball (npm pack), checked by the ecosystem tools', () => {
  const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

  it('has a package.json with no scripts: each runs files the package does not ship', async () => {
    const manifest = JSON.parse(await sh(['tar', '-xOzf', tarball, 'package/package.json'], scratch)) as Record<string, unknown>;
    expect(manifest['scripts']).toBeUndefined();
    expect(manifest['exports']).toBeDefined();
  });

  it('passes publint, warnings and suggestions counted as errors', async () => {
    expect(await sh([bin('publint'), '--strict', tarball], scratch)).toMatch(/All good!/);
  });

  it('passes Are the Types Wrong under every module resolution (node10, node16 from CJS and ESM, bundler)', async () => {
    // attw exits non-zero on a problem: sh then fails with its report.
    const report = JSON.parse(await sh([bin('attw'), tarball, '--format', 'json'], scratch)) as {
      problems: Record<string, unknown>;
      analysis: { entrypoints: Record<string, unknown> };
    };
    expect(report.problems).toEqual({});
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(['.', './cache', './converters', './otel', './package.json', './testing']);
  });

  it('publishes cleanly in a dry run: nothing auto-corrected, no warning but the one about logging in', async () => {
    // A tag other than latest, so that the dry run never asks which version `latest` names.
    const output = await sh(['npm', 'publish', '--dry-run', '--tag', 'dry-run', tarball], scratch);
    const warnings = output.split('\n').filter((line) => /^npm (warn|error)/.test(line) && !/requires you to be logged in/.test(line));
    expect(warnings).toEqual([]);
    expect(output).toMatch(/\+ express-represent@\d+\.\d+\.\d+/);
  });
});
