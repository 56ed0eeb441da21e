import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { EXAMPLES, EXAMPLE_NAMES, importedPackages, manifestOf } from './example-folders';

/** What every example's package.json runs: the tools it must therefore declare. */
const TOOLS = ['jest', 'ts-jest', 'typescript', 'tsx'];

describe('each example, as a user copies it', () => {
  it.each(EXAMPLE_NAMES)('%s declares every package it imports and the tools its scripts run', async (name) => {
    const folder = join(EXAMPLES, name);
    const manifest = await manifestOf(folder);
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]);
    const needed = new Set(TOOLS);
    for (const sub of ['src', 'test']) {
      for (const file of await readdir(join(folder, sub))) {
        if (file.endsWith('.ts')) for (const used of importedPackages(await readFile(join(folder, sub, file), 'utf8'))) needed.add(used);
      }
    }
    expect([...needed].filter((used) => !declared.has(used))).toEqual([]);
    // This repository, built on install: the package is not on the registry yet.
    expect(manifest.dependencies?.['express-represent']).toBe('file:../..');
  });

  it.each(EXAMPLE_NAMES)('%s has the layout of every example: README, src/app.ts, src/server.ts, test/app.test.ts', async (name) => {
    const folder = join(EXAMPLES, name);
    const manifest = await manifestOf(folder);
    expect(manifest.scripts).toMatchObject({ test: 'tsc --noEmit && jest', start: 'tsx src/server.ts' });
    for (const file of ['README.md', 'tsconfig.json', 'jest.config.js', 'src/app.ts', 'src/server.ts', 'test/app.test.ts']) {
      expect((await readFile(join(folder, file), 'utf8')).length).toBeGreaterThan(0);
    }
    // Strict, as the issue asks of every example.
    expect(JSON.parse(await readFile(join(folder, 'tsconfig.json'), 'utf8')).compilerOptions.strict).toBe(true);
  });
});
