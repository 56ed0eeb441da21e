import { Server } from 'node:net';
import type { RequestListener } from 'node:http';
import { publicEntries, transpile } from './block-compiler';
import type { CodeBlock } from './markdown-blocks';

/** What running a block gave. */
export interface BlockRun {
  /** The app its transcripts are sent to: the `app` it exports, else the one server it started. */
  readonly app: RequestListener | undefined;
  /** What it printed with `console`. */
  readonly printed: string[];
  /** The names of the tests it declared with `describe`/`it`, each of which passed. */
  readonly testsPassed: string[];
  /** The ports it asked to listen on: recorded, never bound (tests take no fixed port). */
  readonly ports: unknown[];
}

type TestFn = () => unknown;
interface Suite {
  readonly name: string;
  readonly children: Array<Suite | { name: string; fn: TestFn }>;
  readonly beforeAll: TestFn[];
  readonly afterAll: TestFn[];
  readonly beforeEach: TestFn[];
  readonly afterEach: TestFn[];
}

function newSuite(name: string): Suite {
  return { name, children: [], beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] };
}

/**
 * A small test runner for blocks that are test files (`describe`, `it`, `test` and the four hooks;
 * `expect` and `jest` are Jest's own): the block declares its tests while it runs, and they run
 * after it, in order. Jest's own `describe` cannot be called from inside a running test.
 */
function testRunner() {
  const root = newSuite('');
  let current = root;
  const describe = (name: string, body: () => void) => {
    const suite = newSuite(name);
    current.children.push(suite);
    const parent = current;
    current = suite;
    try {
      body();
    } finally {
      current = parent;
    }
  };
  const it = (name: string, fn: TestFn) => void current.children.push({ name, fn });
  const hooks = {
    beforeAll: (fn: TestFn) => void current.beforeAll.push(fn),
    afterAll: (fn: TestFn) => void current.afterAll.push(fn),
    beforeEach: (fn: TestFn) => void current.beforeEach.push(fn),
    afterEach: (fn: TestFn) => void current.afterEach.push(fn),
  };
  const passed: string[] = [];
  async function run(suite: Suite, path: string[], beforeEach: TestFn[], afterEach: TestFn[]): Promise<void> {
    for (const hook of suite.beforeAll) await hook();
    try {
      for (const child of suite.children) {
        if ('children' in child) {
          await run(child, [...path, child.name], [...beforeEach, ...child.beforeEach], [...child.afterEach, ...afterEach]);
          continue;
        }
        const name = [...path, child.name].join(' › ');
        try {
          for (const hook of beforeEach) await hook();
          await child.fn();
          for (const hook of afterEach) await hook();
        } catch (error) {
          throw new Error(`the test '${name}' failed: ${(error as Error).message}`, { cause: error });
        }
        passed.push(name);
      }
    } finally {
      for (const hook of suite.afterAll) await hook();
    }
  }
  return {
    globals: { describe, it, test: it, ...hooks },
    run: async () => {
      await run(root, [], root.beforeEach, root.afterEach);
      return passed;
    },
  };
}

/**
 * Runs a block's module: `express-represent` and its subpaths come from the sources, every other import
 * from node_modules; a relative import is refused (a block must run as written). Listening on a
 * fixed port is recorded rather than done; port 0 (supertest's) listens for real.
 */
export async function runBlock(block: CodeBlock): Promise<BlockRun> {
  const entries = publicEntries();
  const printed: string[] = [];
  const ports: unknown[] = [];
  const servers: Server[] = [];
  const print = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  const quiet = { ...console, log: print, info: print, warn: print, error: print, debug: print };
  const load = (name: string): unknown => {
    const entry = entries.get(name);
    if (entry !== undefined) return require(entry);
    if (name.startsWith('.')) throw new Error(`${block.file}:${block.line}: the block imports '${name}'; a block must run as written`);
    return require(name);
  };
  const runner = testRunner();
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    const port = typeof args[0] === 'object' && args[0] !== null ? (args[0] as { port?: unknown }).port : args[0];
    if (port === 0 || port === undefined || typeof port === 'function') return (listen as (...a: unknown[]) => Server).apply(this, args);
    ports.push(port);
    servers.push(this);
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (callback !== undefined) process.nextTick(callback);
    return this;
  } as typeof Server.prototype.listen;
  const globals = globalThis as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(runner.globals).map((name) => [name, globals[name]]));
  Object.assign(globals, runner.globals);
  const module = { exports: {} as Record<string, unknown> };
  const names = ['require', 'module', 'exports', 'console', 'jest', 'expect', ...Object.keys(runner.globals)];
  try {
    // Made by this realm's Function (the test environment's), not node's vm: a block's TypeError
    // must be the one the library's modules see. sourceURL names the page in stack traces.
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...args: unknown[]) => Promise<void>;
    const run = new AsyncFunction(...names, `${transpile(block)}\n//# sourceURL=${block.file}:${block.line}`);
    await run(load, module, module.exports, quiet, jest, expect, ...Object.values(runner.globals));
  } finally {
    Server.prototype.listen = listen;
  }
  let testsPassed: string[];
  try {
    testsPassed = await runner.run();
  } finally {
    Object.assign(globals, saved);
  }
  const exported = module.exports['app'];
  const app = typeof exported === 'function' ? (exported as RequestListener) : servers.length === 1 ? (servers[0]!.listeners('request')[0] as RequestListener | undefined) : undefined;
  return { app, printed, testsPassed, ports };
}

/**
 * What a block says it prints: the comment after each `console.log(...);` line, `...` standing for
 * any text (`console.log(error.message); // Route GET /x: ...`).
 */
export function promisedPrints(code: string): RegExp[] {
  return [...code.matchAll(/console\.log\(.*\);\s*\/\/\s*(.+)$/gm)].map(
    (m) => new RegExp(`^${m[1]!.trim().split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's'),
  );
}

/** The promised prints `printed` lacks, in order: each must match a later line than the one before. */
export function unkeptPrints(promised: readonly RegExp[], printed: readonly string[]): string[] {
  const missing: string[] = [];
  let from = 0;
  for (const pattern of promised) {
    const at = printed.findIndex((line, i) => i >= from && pattern.test(line));
    if (at === -1) missing.push(`nothing printed matches ${pattern.source}; printed: ${JSON.stringify(printed.slice(from))}`);
    else from = at + 1;
  }
  return missing;
}
