import { typeCheck } from './block-compiler';
import { promisedPrints, runBlock, unkeptPrints } from './block-runner';
import { contains, differences, parseTranscript, send } from './http-transcript';
import { blocksOf } from './markdown-blocks';
import { commandsOf, problemWith } from './shell-commands';

/** The docs test's own parts, each shown to fail when a page is wrong: a check that cannot fail checks nothing. */
const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

describe('blocksOf(markdown, file)', () => {
  it('reads each block with its language, line, and the snippets and hidden code before it', () => {
    const page = [
      '# Page',
      '<!-- snippet router',
      "import { createRouter } from 'express-represent';",
      'const api = createRouter();',
      '-->',
      'Text.',
      '',
      '<!-- prelude: router -->',
      '<!-- postlude',
      'export const app = api.middleware();',
      '-->',
      fence('ts', "api.get('/').handle(() => 'hi');"),
      fence('sh', 'npm test'),
    ].join('\n');
    const [ts, sh] = blocksOf(page, 'page.md');
    expect(ts).toEqual({
      file: 'page.md',
      line: 12,
      language: 'ts',
      code: "api.get('/').handle(() => 'hi');",
      prelude: "import { createRouter } from 'express-represent';\nconst api = createRouter();",
      postlude: 'export const app = api.middleware();',
      notRun: undefined,
    });
    expect(sh).toMatchObject({ line: 15, language: 'sh', prelude: '', postlude: '' });
  });

  it.each([
    ['a prelude that prose separates from its block', `<!-- prelude\nconst x = 1;\n-->\nProse.\n${fence('ts', 'x;')}`, /not followed by a code block/],
    ['a snippet that is not defined', `<!-- prelude: nowhere -->\n${fence('ts', 'x;')}`, /no snippet 'nowhere'/],
    ['a block that is never closed', '```ts\nconst x = 1;\n', /never closed/],
  ])('throws on %s', (_name, page, message) => {
    expect(() => blocksOf(page, 'page.md')).toThrow(message);
  });
});

describe('typeCheck(blocks)', () => {
  it('reports a block that does not compile, at its page line, and passes one that does', () => {
    const blocks = blocksOf(
      [fence('ts', "import { createRouter } from 'express-represent';\nconst api = createRouter();\napi.get('/x').handle((ctx) => ctx.path.missing);"), fence('ts', "import { createRouter } from 'express-represent';\ncreateRouter();")].join('\n'),
      'page.md',
    );
    const errors = typeCheck(blocks);
    expect(errors.get(0)).toEqual([expect.stringMatching(/^page\.md:4: Property 'missing' does not exist/)]);
    expect(errors.get(1)).toBeUndefined();
  }, 60_000);
});

describe('runBlock(block)', () => {
  it('rejects when the block throws', async () => {
    const [block] = blocksOf(fence('ts', "import { createRouter } from 'express-represent';\ncreateRouter().get('/{').handle(() => 1);"), 'page.md');
    await expect(runBlock(block!)).rejects.toThrow(/\{/);
  });

  it('rejects when a test the block declares fails, naming it', async () => {
    const [block] = blocksOf(fence('ts', "describe('sums', () => { it('adds', () => { expect(1 + 1).toBe(3); }); });"), 'page.md');
    await expect(runBlock(block!)).rejects.toThrow("the test 'sums › adds' failed");
  });

  it('refuses a relative import: a block must run as written', async () => {
    const [block] = blocksOf(fence('ts', "import { users } from './users';\nusers;"), 'page.md');
    await expect(runBlock(block!)).rejects.toThrow(/imports '\.\/users'/);
  });

  it('records a fixed port instead of listening, and answers the server it started as its app', async () => {
    const [block] = blocksOf(fence('ts', "import http from 'node:http';\nhttp.createServer((req, res) => res.end('hi')).listen(8080);"), 'page.md');
    const run = await runBlock(block!);
    expect(run.ports).toEqual([8080]);
    const [exchange] = parseTranscript('GET / HTTP/1.1\n\nHTTP/1.1 200 OK\n\nhi');
    expect(differences(exchange!, await send(run.app!, exchange!))).toEqual([]);
  });
});

describe('differences(exchange, answer)', () => {
  const [exchange] = parseTranscript('GET /x HTTP/1.1\nAccept: application/json\n\nHTTP/1.1 200 OK\nETag: "1"\n\n{"a":1}');
  it.each([
    ['as shown', { status: 200, headers: { etag: '"1"' }, text: '{"a":1,"b":2}' }, []],
    ['another status', { status: 404, headers: { etag: '"1"' }, text: '{"a":1}' }, ['status 404, not 200']],
    ['another header value', { status: 200, headers: { etag: '"2"' }, text: '{"a":1}' }, ['ETag: "2", not "1"']],
    ['a missing header', { status: 200, headers: {}, text: '{"a":1}' }, ['ETag: (absent), not "1"']],
    ['another body', { status: 200, headers: { etag: '"1"' }, text: '{"a":2}' }, ['body {"a":2}, which does not contain {"a":1}']],
  ])('finds %s', (_name, answer, expected) => {
    expect(differences(exchange!, answer)).toEqual(expected);
  });

  it.each([
    ['a request with no response', 'GET / HTTP/1.1\n', /not followed by its response/],
    ['a wrong reason phrase', 'GET / HTTP/1.1\n\nHTTP/1.1 200 Fine\n', /reason phrase of 200 is 'OK'/],
    ['a stray line', 'hello\nGET / HTTP/1.1\n', /starts with 'hello'/],
  ])('refuses a transcript with %s', (_name, text, message) => {
    expect(() => parseTranscript(text)).toThrow(message);
  });

  it.each([
    [{ a: 1, b: [1, 2] }, { b: [1, 2] }, true],
    [{ a: 1, b: [1, 2] }, { b: [1] }, false],
    [{ a: { c: 1 } }, { a: {} }, true],
    [[1], { 0: 1 }, false],
    ['1', 1, false],
  ])('contains(%j, %j) is %s', (whole, part, expected) => {
    expect(contains(whole, part)).toBe(expected);
  });
});

describe('problemWith(command)', () => {
  it.each([
    ['npm test', undefined],
    ['npm run docs', undefined],
    ['npm run nothing-such', "'npm run nothing-such' is neither run nor listed as not run (__tests__/docs/shell-commands.ts)"],
    ['npm run bench-x', "'npm run bench-x': package.json has no script 'bench-x'"],
    ['npx tsx bench/none.ts', "'npx tsx bench/none.ts': there is no bench/none.ts"],
    ['rm -rf /', "'rm -rf /' is neither run nor listed as not run (__tests__/docs/shell-commands.ts)"],
  ])('%s: %s', (command, expected) => {
    expect(problemWith(command)).toBe(expected);
  });

  it('reads commands joined with && and drops comments and prompts', () => {
    expect(commandsOf('# set up\n$ npm install && npm start   # serves\n\nnpm test')).toEqual(['npm install', 'npm start', 'npm test']);
  });
});

describe('unkeptPrints(promisedPrints(code), printed)', () => {
  const code = "console.log(a); // Route GET /x: ...\nconsole.log(b);\nconsole.log(c); // done (1)";
  it.each([
    ['kept, with other lines between', ['Route GET /x: it produces x', 'other', 'done (1)'], []],
    ['a line that differs', ['Route GET /y: it produces x', 'done (1)'], [expect.stringMatching(/^nothing printed matches \^Route GET/)]],
    ['lines out of order', ['done (1)', 'Route GET /x: z'], [expect.stringMatching(/^nothing printed matches \^done/)]],
  ])('finds %s', (_name, printed, expected) => {
    expect(unkeptPrints(promisedPrints(code), printed)).toEqual(expected);
  });
});
