import { readFile, readdir } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../setup/scratch-app';

/** The folder of the example apps. */
export const EXAMPLES = join(ROOT, 'examples');

/** The examples the issues ask for (issue 19; openapi: issue 22), in folder order. */
export const EXAMPLE_NAMES = ['basic-api', 'caching', 'custom-converter', 'openapi', 'schema-bodies', 'testing'];

/** The parts of an example's package.json the tests read. */
export interface Manifest {
  readonly name: string;
  readonly scripts?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

/** The package.json of the example in `folder`. */
export async function manifestOf(folder: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(folder, 'package.json'), 'utf8')) as Manifest;
}

/** The folders under examples/, sorted. */
export async function exampleNames(): Promise<string[]> {
  const entries = await readdir(EXAMPLES, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

/** The packages a TypeScript file imports, by package name (`express-represent/cache` is `express-represent`). */
export function importedPackages(text: string): string[] {
  const specifiers = [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gm)].map((match) => match[1]!);
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:') && !builtinModules.includes(specifier))
    .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
}
