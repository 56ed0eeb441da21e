import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { ROOT, typeCheck } from './block-compiler';
import { promisedPrints, runBlock, unkeptPrints } from './block-runner';
import { differences, parseTranscript, send } from './http-transcript';
import { type CodeBlock, blocksOf } from './markdown-blocks';
import { commandsOf, problemWith, reasonNotRun } from './shell-commands';

/**
 * Every code block of the README and the docs, compiled and run (docs/guide/README.md, "How the
 * code on these pages is tested"): a ```ts block is type-checked against the package's public
 * entry points and run, the ```http transcripts below it are replayed against the app it built,
 * a ```sh block's commands are each listed as not run with the reason, a ```json block parses.
 */
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`),
  ...readdirSync(join(ROOT, 'docs', 'guide')).filter((name) => name.endsWith('.md')).map((name) => `docs/guide/${name}`),
].sort();

const BLOCKS = PAGES.flatMap((page) => blocksOf(readFileSync(join(ROOT, page), 'utf8'), page));
const LANGUAGES = new Set(['ts', 'http', 'sh', 'json', 'text']);
const where = (block: CodeBlock) => `${block.file}:${block.line}`;

/** Each TypeScript block with the transcripts that follow it on its page, up to the next TypeScript block. */
function withTranscripts(): Array<{ block: CodeBlock; index: number; transcripts: CodeBlock[] }> {
  const groups: Array<{ block: CodeBlock; index: number; transcripts: CodeBlock[] }> = [];
  const typescript = BLOCKS.filter((block) => block.language === 'ts');
  for (const block of BLOCKS) {
    if (block.language === 'ts') groups.push({ block, index: typescript.indexOf(block), transcripts: [] });
    else if (block.language === 'http') {
      const owner = groups.at(-1);
      if (owner === undefined || owner.block.file !== block.file) throw new Error(`${where(block)}: a transcript with no TypeScript block above it on its page`);
      owner.transcripts.push(block);
    }
  }
  return groups;
}

const TYPESCRIPT = withTranscripts();

describe('the code blocks of README.md and docs/', () => {
  it('are found on every page, the README and the guides among them', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/guide/README.md', 'docs/guide/routing.md', 'docs/guide/testing.md']));
    expect(TYPESCRIPT.length).toBeGreaterThanOrEqual(20);
  });

  it.each(BLOCKS.map((block) => [where(block), block] as const))('%s names a language the test knows', (_where, block) => {
    expect(LANGUAGES).toContain(block.language);
  });
});

describe('TypeScript blocks', () => {
  let errors: Map<number, string[]>;
  beforeAll(() => {
    errors = typeCheck(TYPESCRIPT.map(({ block }) => block));
  }, 120_000);

  it.each(TYPESCRIPT.map(({ block, index }) => [where(block), index] as const))('%s compiles against the public API', (_where, index) => {
    expect(errors.get(index) ?? []).toEqual([]);
  });

  const runnable = TYPESCRIPT.filter(({ block }) => block.notRun === undefined);
  it.each(runnable.map((group) => [where(group.block), group.transcripts.length, group] as const))(
    '%s runs, prints what it says, and its %i transcripts answer as shown',
    async (_where, _count, { block, transcripts }) => {
      const run = await runBlock(block);
      expect(unkeptPrints(promisedPrints(block.code), run.printed)).toEqual([]);
      if (transcripts.length === 0) return;
      if (run.app === undefined) throw new Error(`${where(block)} has transcripts below it, but exports no app and starts no server`);
      const server = createServer(run.app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        for (const transcript of transcripts) {
          for (const exchange of parseTranscript(transcript.code)) {
            const shown = `${where(transcript)}: ${exchange.method} ${exchange.target}`;
            expect([shown, differences(exchange, await send(server, exchange))]).toEqual([shown, []]);
          }
        }
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
    30_000,
  );

  const notRun = TYPESCRIPT.filter(({ block }) => block.notRun !== undefined);
  if (notRun.length > 0) {
    it.each(notRun.map(({ block }) => [where(block), block.notRun] as const))('%s is type-checked, not run: %s', (_where, reason) => {
      expect(reason).toMatch(/\w{3,}/);
    });
  }
});

describe('shell blocks', () => {
  const commands = BLOCKS.filter((block) => block.language === 'sh').flatMap((block) => commandsOf(block.code).map((command) => [where(block), command] as const));
  it.each(commands.map(([at, command]) => [at, command, reasonNotRun(command)] as const))('%s `%s` is not run: %s', (_where, command) => {
    expect(problemWith(command)).toBeUndefined();
  });
});

describe('JSON blocks', () => {
  const json = BLOCKS.filter((block) => block.language === 'json').map((block) => [where(block), block] as const);
  // it.each refuses an empty table: the pages may show no JSON at all.
  if (json.length > 0) {
    it.each(json)('%s parses', (_where, block) => {
      expect(() => JSON.parse(block.code)).not.toThrow();
    });
  }
});

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

/** The relative links of a page (outside code blocks), each as [target file, fragment]. */
function linksOf(page: string): Array<[string, string]> {
  const prose = readFileSync(join(ROOT, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target))
    .map((target) => {
      const [file = '', fragment = ''] = target.split('#');
      return [file === '' ? page : join(dirname(page), decodeURIComponent(file)), fragment];
    });
}

describe('links between the pages', () => {
  // examples/ is written beside these pages by another branch: its links are checked once it exists.
  const links = PAGES.flatMap((page) => linksOf(page).map(([file, fragment]) => [page, file, fragment] as const)).filter(
    ([, file]) => !file.startsWith('examples/') || existsSync(join(ROOT, 'examples')),
  );
  it.each(links)('%s links to %s#%s, which exists', (_page, file, fragment) => {
    expect(existsSync(join(ROOT, file))).toBe(true);
    if (fragment !== '') {
      const headings = [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!));
      expect(headings).toContain(fragment);
    }
  });
});

/** The repository paths a page names in code spans outside its blocks: `src/x.ts`, `__tests__/y/`. */
function pathsOf(page: string): string[] {
  const prose = readFileSync(join(ROOT, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  const named = [...prose.matchAll(/`((?:src|middleware|routes|testing|__tests__|scripts|bench|docs|examples)\/[\w./-]*)`/g)].map((m) => m[1]!);
  return [...new Set(named)];
}

describe('the files the pages name', () => {
  // As links: examples/ is checked once it exists. docs/api/ is what `npm run docs` writes, never committed.
  const named = PAGES.flatMap((page) => pathsOf(page).map((path) => [page, path] as const)).filter(
    ([, path]) => path !== 'docs/api/' && (!path.startsWith('examples/') || existsSync(join(ROOT, 'examples'))),
  );
  it.each(named)('%s names %s, which exists', (_page, path) => {
    expect(existsSync(join(ROOT, path))).toBe(true);
  });
});
