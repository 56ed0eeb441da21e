import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostics, check } from 'recheck';
import { USER_PATH } from '../../routes/user';
import { parsePathTemplate } from '../../src/routing/path-template';
import { type RegexSource, regexSources } from './regex-sources';

/**
 * Every regular expression of the library, its middleware and the service runs in time linear in
 * its input: recheck (https://makenowjust-labs.github.io/recheck/) rates each one, by automata
 * theory where it can and by fuzzing otherwise, and any it rates vulnerable, or cannot rate, fails
 * the suite with its place and an attack string. Patterns are found by parsing the sources, so one
 * assembled from constants (`new RegExp(`^${TOKEN}$`)`) is checked as the program builds it.
 * recheck runs its native binary when its platform package is installed, else its JavaScript build
 * (about ten times slower).
 */

const ROOT = join(__dirname, '../..');
const FOLDERS = ['src', 'middleware', 'routes'];

/** Patterns built at run time, each with why it is not checked here (and what is checked instead). */
const BUILT_AT_RUN_TIME: Readonly<Record<string, string>> = {
  'src/converters/json/json-depth.ts': 'built once, when the module loads, from the three fixed forbidden key names: an alternation of literal spellings with no repetition, so no input backtracks',
  'src/routing/path-template.ts': "a placeholder's pattern is the application's own (`{id:[0-9]+}`); the service's is checked below",
};

// Fixed, so that the fuzzer tries the same strings on every run.
const PARAMETERS = { randomSeed: 17, timeout: 60_000 } as const;

jest.setTimeout(600_000);

const sources = regexSources(ROOT, FOLDERS);

async function verdicts(regexes: readonly RegexSource[]): Promise<string[]> {
  const failures: string[] = [];
  for (const regex of regexes) {
    const diagnostics: Diagnostics = await check(regex.pattern, regex.flags, PARAMETERS);
    if (diagnostics.status === 'safe') continue;
    const why = diagnostics.status === 'vulnerable' ? `${diagnostics.complexity.summary}, attack ${diagnostics.attack.pattern}` : `cannot be rated: ${diagnostics.error.kind}`;
    failures.push(`${regex.at} /${regex.pattern}/${regex.flags}: ${diagnostics.status} (${why})`);
  }
  return failures;
}

describe('the regular expressions of src/, middleware/ and routes/', () => {
  it('are all found: every `RegExp(` of the text, and every literal a regular expression is assigned as', () => {
    const texts = sources.files.map((file) => readFileSync(join(ROOT, file), 'utf8'));
    const occurrences = (pattern: RegExp): number => texts.reduce((sum, text) => sum + (text.match(pattern)?.length ?? 0), 0);
    const constructors = sources.known.filter((regex) => regex.kind === 'constructor').length + sources.dynamic.length;
    const literals = sources.known.filter((regex) => regex.kind === 'literal').length;
    expect(constructors).toBe(occurrences(/\bRegExp\(/g));
    // `= /x` is only ever a regular expression assigned; literals passed as arguments are not counted by it.
    expect(literals).toBeGreaterThanOrEqual(occurrences(/= \/[^\s/*]/g));
    expect(literals).toBeGreaterThan(0);
  });

  it('builds at run time only the patterns listed, for the reasons given', () => {
    expect([...new Set(sources.dynamic.map((at) => at.split(':')[0]))]).toEqual(Object.keys(BUILT_AT_RUN_TIME));
  });

  it('are rated safe from ReDoS by recheck', async () => {
    expect(await verdicts(sources.known)).toEqual([]);
  });

  it("include the service's placeholder patterns, rated safe as the router compiles them", async () => {
    const compiled = parsePathTemplate(USER_PATH).segments.flatMap((segment) =>
      segment.kind === 'placeholder' && segment.pattern !== undefined ? [{ at: `routes/user.ts USER_PATH {${segment.name}}`, pattern: segment.pattern.source, flags: segment.pattern.flags, kind: 'constructor' as const }] : [],
    );
    expect(compiled).toHaveLength(1);
    expect(await verdicts(compiled)).toEqual([]);
  });
});
