import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './block-compiler';

/**
 * The commands the pages show in ```sh blocks that the docs test deliberately does not run, and
 * why. A command that matches none of these fails the test: a new command is either added here
 * with its reason or made cheap and safe enough to run. What is checked instead: an `npm run X`
 * names a script of package.json, and a file a command runs exists.
 */
export const NOT_RUN: ReadonlyArray<{ readonly command: RegExp; readonly reason: string }> = [
  { command: /^npm (install|i|ci)\b/, reason: 'changes node_modules, which the test runs from; __tests__/package/consumers.test.ts installs the packed package into scratch apps instead' },
  { command: /^npm (test|t)$|^npm run test\b/, reason: 'it is the suite this test is part of' },
  { command: /^npm start$|^PORT=\d+ npm start$/, reason: 'starts the service on a fixed port until stopped; __tests__/routes/npm-start.test.ts runs it on a free port' },
  { command: /^npm run (bench|test:load)\b/, reason: 'measures for minutes and writes figures; speed is never asserted in npm test' },
  { command: /^npx tsx bench\//, reason: 'a benchmark or profile: minutes long, and measures rather than checks' },
  { command: /^node --import tsx --cpu-prof\b.* bench\//, reason: 'a benchmark under the profiler: measures rather than checks' },
  { command: /^npm run docs$/, reason: 'builds the API reference for a minute; __tests__/package/typedoc.test.ts runs TypeDoc the same way' },
  { command: /^npm run build$|^npm pack\b/, reason: 'writes dist/; __tests__/package/consumers.test.ts packs and builds the package' },
  { command: /^npm run typecheck$/, reason: 'npm test runs it before jest' },
  { command: /^(NODE_OPTIONS=\S+ )?npx (jest|vitest)\b/, reason: "runs a user's own test suite: the testing guide's tests are run by the docs test itself, and its set-up by __tests__/package/testing-guide.test.ts" },
  { command: /^npx tsc$/, reason: "type-checks a user's own project: __tests__/package/testing-guide.test.ts runs it in a scratch app" },
];

const SCRIPTS = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The commands of a ```sh block: one a line (or several joined with `&&`), comments and prompts removed. */
export function commandsOf(code: string): string[] {
  return code
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').replace(/^\$ /, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => line.split('&&').map((command) => command.trim()));
}

/** What is wrong with a command a page shows; undefined when it is listed as not run and what it names exists. */
export function problemWith(command: string): string | undefined {
  if (!NOT_RUN.some((entry) => entry.command.test(command))) return `'${command}' is neither run nor listed as not run (__tests__/docs/shell-commands.ts)`;
  const script = /^npm run ([\w:-]+)/.exec(command)?.[1] ?? (/^npm (start|test)\b/.exec(command)?.[1]);
  if (script !== undefined && SCRIPTS[script] === undefined) return `'${command}': package.json has no script '${script}'`;
  const file = /^(?:npx tsx|node) ([\w./-]+\.\w+)/.exec(command)?.[1];
  if (file !== undefined && !existsSync(join(ROOT, file))) return `'${command}': there is no ${file}`;
  return undefined;
}

/** Why a command is not run. */
export function reasonNotRun(command: string): string {
  return NOT_RUN.find((entry) => entry.command.test(command))?.reason ?? 'not listed';
}
