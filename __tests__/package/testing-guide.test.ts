import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { type CodeBlock, blocksOf } from '../docs/markdown-blocks';
import { commandsOf } from '../docs/shell-commands';
import { INSTALL_FLAGS, ROOT, packInto, sh } from '../setup/scratch-app';

/**
 * The testing guide's "Set-up" section followed as a reader follows it, in scratch apps that
 * installed the packed package and express: its install line, the files it shows (each named by
 * the paragraph above it, "`jest.config.json`:"), the test of the section after it saved as
 * books.test.ts, and its commands, `npx jest` green. Nothing is added that the page does not
 * show. Each recipe of the section is one app: the main one (ts-jest), "ES modules" (the same
 * install, in a folder whose package.json says "type": "module") and "TypeScript 7".
 */
const PAGE = 'docs/guide/testing.md';

/** One way of setting up the tests that the section shows: what to install, the files, the commands. */
interface Recipe {
  readonly name: string;
  /** The `npm install` line's arguments; none for a recipe that uses the main recipe's install. */
  readonly install: readonly string[];
  readonly files: Readonly<Record<string, string>>;
  readonly commands: readonly string[];
}

/** The recipes of the Set-up section: the main one, then one per `<details>` block, named by its summary. */
function recipes(): Recipe[] {
  const markdown = readFileSync(join(ROOT, PAGE), 'utf8');
  const lines = markdown.split('\n');
  const start = lines.indexOf('## Set-up');
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  if (start === -1 || end === -1) throw new Error(`${PAGE} has no "## Set-up" section followed by another`);
  const byName = new Map<string, { install: string[]; files: Record<string, string>; commands: string[] }>();
  const recipe = (name: string) => byName.get(name) ?? byName.set(name, { install: [], files: {}, commands: [] }).get(name)!;
  let name = 'main';
  let next = start;
  for (const block of blocksOf(markdown, PAGE).filter((b) => b.line > start && b.line < end)) {
    for (; next < block.line - 1; next++) {
      const summary = /<summary>(.*)<\/summary>/.exec(lines[next]!);
      if (summary !== null) name = summary[1]!.replace(/<[^>]+>/g, '');
      if (lines[next]!.includes('</details>')) name = 'main';
    }
    if (block.language === 'json') recipe(name).files[fileNamed(lines, block)] = `${block.code}\n`;
    else if (block.language === 'sh') {
      for (const command of commandsOf(block.code)) {
        if (command.startsWith('npm install ')) recipe(name).install.push(...command.split(/\s+/).slice(2));
        else recipe(name).commands.push(command);
      }
    } else throw new Error(`${PAGE}:${block.line}: a ${block.language} block in the Set-up section, which this test does not follow`);
  }
  return [...byName].map(([recipeName, parts]) => ({ name: recipeName, ...parts }));
}

/** The file a block is: the first file name in a code span of the paragraph above it, which ends with ':'. */
function fileNamed(lines: readonly string[], block: CodeBlock): string {
  let first = block.line - 2;
  while (first >= 0 && lines[first]!.trim() === '') first--;
  const last = first;
  while (first > 0 && lines[first - 1]!.trim() !== '') first--;
  const paragraph = lines.slice(first, last + 1).join(' ');
  const file = /`(\w[\w.-]*\.(?:json|js|cjs|mjs|ts))`/.exec(paragraph)?.[1];
  if (file === undefined || !paragraph.trimEnd().endsWith(':')) throw new Error(`${PAGE}:${block.line}: the paragraph above the block names no file`);
  return file;
}

/** The test a reader saves as books.test.ts: the first TypeScript block after the Set-up section. */
function guideTest(): string {
  const markdown = readFileSync(join(ROOT, PAGE), 'utf8');
  const start = markdown.split('\n').indexOf('## Set-up');
  const block = blocksOf(markdown, PAGE).find((b) => b.language === 'ts' && b.line > start);
  if (block === undefined) throw new Error(`${PAGE} has no TypeScript block after its Set-up section`);
  if (block.prelude !== '' || block.postlude !== '') throw new Error(`${PAGE}:${block.line}: the test depends on hidden code`);
  return block.code;
}

const RECIPES = recipes();
const outputs = new Map<string, string | Error>();
let scratch = '';

// Each app installs jest, TypeScript and the rest from the registry (npm's cache makes a second
// run faster): a few minutes each on the shared machine, the two installs side by side.
jest.setTimeout(1_200_000);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'represent-testing-guide-'));
  const tarball = basename(await packInto(scratch));
  const test = guideTest();
  const main = join(scratch, 'main');
  const follow = async (recipe: Recipe, folder: string, type: 'commonjs' | 'module') => {
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type }));
    if (recipe.install.length > 0) {
      // The app the guide starts from: one that has represent and express already.
      await sh(['npm', 'install', ...INSTALL_FLAGS, join(scratch, tarball), 'express@^5'], folder);
      await sh(['npm', 'install', ...INSTALL_FLAGS, ...recipe.install], folder);
    }
    for (const [file, text] of Object.entries(recipe.files)) await writeFile(join(folder, file), text);
    await writeFile(join(folder, 'books.test.ts'), test);
    let output = '';
    for (const command of recipe.commands) output += await sh(['sh', '-c', command], folder);
    // Which TypeScript the install line got ("Version 6.0.3"), for the guide's claims about it.
    return `${output}\n${await sh(['npx', 'tsc', '--version'], folder)}`;
  };
  const run = (recipe: Recipe, folder: string, type: 'commonjs' | 'module') =>
    follow(recipe, folder, type).then(
      (output) => void outputs.set(recipe.name, output),
      (error: Error) => void outputs.set(recipe.name, error),
    );
  const [first, ...others] = RECIPES;
  // A recipe with no install line is followed in a folder of the main app, with the main app's install.
  await Promise.all([
    run(first!, main, 'commonjs').then(() => Promise.all(others.filter((r) => r.install.length === 0).map((r) => run(r, join(main, 'esm'), 'module')))),
    ...others.filter((r) => r.install.length > 0).map((r) => run(r, join(scratch, 'typescript-7'), 'commonjs')),
  ]);
});

afterAll(async () => {
  if (scratch !== '') await rm(scratch, { recursive: true, force: true });
});

describe('the testing guide followed as written (docs/guide/testing.md, Set-up)', () => {
  it('shows three recipes: ts-jest, ES modules and TypeScript 7, each ending with npx jest', () => {
    expect(RECIPES.map((recipe) => recipe.name)).toEqual(['main', expect.stringMatching(/^ES modules/), expect.stringMatching(/^TypeScript 7/)]);
    for (const recipe of RECIPES) expect(recipe.commands.at(-1)).toMatch(/npx jest$/);
  });

  it.each(RECIPES.map((recipe) => recipe.name))('%s: npx jest runs the test of the page, green', (name) => {
    const output = outputs.get(name);
    if (output instanceof Error) throw output;
    expect(output).toMatch(/Tests:\s+3 passed, 3 total/);
  });

  it('installs TypeScript 6 for ts-jest, and TypeScript 7 where the page says so, whose tsc checks the test', () => {
    const [main, , typescript7] = RECIPES.map((recipe) => outputs.get(recipe.name));
    if (main instanceof Error) throw main;
    if (typescript7 instanceof Error) throw typescript7;
    expect(main).toMatch(/^Version 6\./m);
    expect(typescript7).toMatch(/^Version 7\./m);
    expect(RECIPES[2]!.commands).toContain('npx tsc');
  });
});
