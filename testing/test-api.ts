/** A test body: synchronous, or a promise the runner awaits. */
export type TestBody = () => void | Promise<void>;

/**
 * The two functions of a test runner the shared suites declare their tests with. Jest and Vitest
 * both have them (`import { describe, it } from 'vitest'`); the suites assert with `node:assert`,
 * so they need no runner's `expect`.
 */
export interface TestApi {
  /** The runner's `describe`: groups the contract's cases. */
  readonly describe: (name: string, body: () => void) => void;
  /** The runner's `it`: one case of the contract. */
  readonly it: (name: string, body: TestBody) => void;
}

/**
 * The runner's functions: the ones given, else the globals that Jest (and Vitest with
 * `globals: true`) define. Throws when there are neither, naming what to pass.
 */
export function testApi(given?: TestApi): TestApi {
  if (given !== undefined) return given;
  const globals = globalThis as { describe?: TestApi['describe']; it?: TestApi['it'] };
  if (typeof globals.describe !== 'function' || typeof globals.it !== 'function') {
    throw new TypeError('No global describe/it: pass your test runner\'s, as in run…Contract(options, { describe, it })');
  }
  return { describe: globals.describe, it: globals.it };
}
