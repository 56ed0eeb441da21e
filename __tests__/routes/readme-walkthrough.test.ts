import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { createApp } from '../../routes/app';
import { type RunningServer, startServer } from '../../routes/http/graceful-server';
import { type Example, curlRequest, examplesOf, shellWords } from './curl-line';

const ROOT = join(__dirname, '..', '..');
/** The service's page: its walkthrough is replayed here, from the repository root as it says. */
const SERVICE_PAGE = join(ROOT, 'routes', 'README.md');
const PAGE = readFileSync(SERVICE_PAGE, 'utf8');
const examples = examplesOf(PAGE, 'Walkthrough');

/** The relative links of a Markdown page, without their #fragment. */
function relativeLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!.split('#')[0]!).filter((target) => target !== '' && !/^[a-z][a-z+.-]*:/i.test(target));
}

/** Headers whose value depends on the clock: shown on the page, not compared. */
const VOLATILE = new Set(['date', 'last-modified', 'expires', 'age', 'content-length']);

/** curl itself when the machine has it (and README_RUNNER is not `node`); otherwise the same request, read from the command line, with node:http. */
const HAVE_CURL = process.env.README_RUNNER !== 'node' && spawnSync('curl', ['--version']).status === 0;

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
}

function withCurl(args: string[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    execFile('curl', [...args.slice(1), '--silent', '--output', '/dev/null', '--dump-header', '-'], { cwd: ROOT }, (error, stdout) => {
      if (error) return reject(error);
      // The last header block: after a 100 Continue, the final answer.
      const block = stdout.trim().split(/\r\n\r\n/).pop() ?? '';
      const [statusLine, ...lines] = block.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(/^HTTP\/[\d.]+ (\d{3})/.exec(statusLine ?? '')?.[1]), headers });
    });
  });
}

function withNode(args: string[]): Promise<Answer> {
  const { method, url, headers, body } = curlRequest(args, ROOT);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        resolve({ status: res.statusCode ?? 0, headers: flat });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('routes/README.md, the service\'s page', () => {
  it('is linked from the README', () => {
    expect(relativeLinks(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toContain('routes/README.md');
  });

  it.each(relativeLinks(PAGE))('links to %s, which exists next to the page', (target) => {
    expect(existsSync(join(dirname(SERVICE_PAGE), decodeURIComponent(target)))).toBe(true);
  });
});

describe('routes/README.md "Walkthrough"', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(createApp().app, 0);
  });
  afterAll(async () => {
    await server.shutdown();
  });

  it('has a command and an answer for every row of the service', () => {
    expect(examples.length).toBeGreaterThanOrEqual(40);
    const shown = examples.map((e) => `${e.command} → ${e.status}`).join('\n');
    for (const status of [200, 201, 204, 304, 400, 404, 405, 406, 409, 412, 415]) expect(shown).toContain(`→ ${status}`);
    for (const text of ['/bookcase', 'view=summary', 'merge-patch', 'json-patch', ';role=', 'search?name', ';fields=', '/users/feed', 'rss+xml', '/avatar;v=', 'X-Confirm', '-X POST localhost:8080/users/1', '-d \'name=']) {
      expect(shown).toContain(text);
    }
  });

  it.each(examples.map((example, index) => [index + 1, example.command, example] as const))(
    'example %i: %s answers as shown',
    async (_index, command, example: Example) => {
      const args = shellWords(command.replace('localhost:8080', new URL(server.url).host));
      const answer = await (HAVE_CURL ? withCurl(args) : withNode(args));
      expect(answer.status).toBe(example.status);
      for (const [name, value] of Object.entries(example.headers)) {
        if (!VOLATILE.has(name)) expect(`${name}: ${answer.headers[name]}`).toBe(`${name}: ${value}`);
      }
    },
  );
});

describe('curlRequest(args, cwd)', () => {
  it.each([
    ["curl -i localhost:8080/bookcase -H 'Accept: application/xml'", { method: 'GET', url: 'http://localhost:8080/bookcase', headers: { accept: 'application/xml' } }],
    ['curl -I localhost:8080/users/1', { method: 'HEAD' }],
    ["curl -i localhost:8080/users -d 'name=A+B&role=viewer'", { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
    ["curl -i -X PATCH localhost:8080/bookcase -H 'Content-Type: application/merge-patch+json' -d '{\"name\":\"x\"}'", { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' } }],
    ["curl -i -X PUT 'localhost:8080/users/1;fields=a,b' -H \"If-Match: \\\"2;json\\\"\"", { method: 'PUT', url: 'http://localhost:8080/users/1;fields=a,b', headers: { 'if-match': '"2;json"' } }],
  ])('should read %s', (line, expected) => {
    expect(curlRequest(shellWords(line), ROOT)).toMatchObject(expected);
  });

  it('should read --data-binary @file from the working directory', () => {
    const { body } = curlRequest(shellWords("curl -X PUT localhost:8080/x -H 'Content-Type: image/png' --data-binary @routes/assets/avatar.png"), ROOT);
    expect(body?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('should refuse options it does not understand rather than ignore them', () => {
    expect(() => curlRequest(shellWords('curl -L localhost:8080/x'), ROOT)).toThrow(/-L/);
  });
});
