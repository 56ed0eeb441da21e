import { Session } from 'node:inspector';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { countCharacterVisits } from './character-visits';

/**
 * Counts the work a reader does on hostile input in operations, never in time, from three sources
 * that together see every place a loop can hide:
 *
 * - character visits of the string methods ({@link countCharacterVisits});
 * - characters searched natively outside them: a regular expression's search from where it starts
 *   to the end of its match (or of its input, when it fails), and `Buffer` searches and decodes
 *   (`indexOf`, `lastIndexOf`, `includes`, `toString`), so that a search run again over the rest of
 *   the input at every step shows up as a square (what a regular expression does inside one search
 *   is rated by __tests__/security/regex-redos.test.ts instead);
 * - block executions of the code under test (the sources and their dependencies, not the tests):
 *   V8's block coverage, through the inspector of this process, counts how often each function and
 *   each branch or loop body runs, so a loop over `text[i]` or `body[i]` is counted too. V8
 *   reports a block only when its count differs from its parent's, so the sum is the work up to a
 *   constant factor, which is all a ratio between two sizes needs.
 *
 * Block counters are compiled into a function only if coverage was on when it was compiled: call
 * {@link startCountingBlocks} before loading the code to measure (`jest.requireActual`), and
 * {@link stopCountingBlocks} after. V8's compilation cache would hand back a module another test
 * file compiled without counters, so it is off while counting.
 */
export interface OperationCount<T> {
  readonly result: T | Error;
  /** Character visits of the string methods. */
  readonly visits: number;
  /** Characters searched by regular expressions and `Buffer` methods. */
  readonly searched: number;
  /** Function calls and block executions of the code under test. */
  readonly blocks: number;
  /** The sum of the three. */
  readonly operations: number;
}

const ROOT = join(__dirname, '../..');
const TESTS = join(ROOT, '__tests__');

let session: Session | undefined;

function post<R>(method: string, params?: object): R {
  let answer: R | undefined;
  let failure: Error | null = null;
  // The inspector of the same thread answers synchronously.
  session!.post(method, params ?? {}, (error, result) => {
    failure = error;
    answer = result as R;
  });
  if (failure !== null) throw failure;
  return answer as R;
}

/** Turns block counting on; modules loaded from now on are counted. */
export function startCountingBlocks(): void {
  if (session !== undefined) return;
  setFlagsFromString('--no-compilation-cache');
  session = new Session();
  session.connect();
  post('Profiler.enable');
  post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
}

/** Turns block counting off (counted functions keep their counters, which cost little). */
export function stopCountingBlocks(): void {
  if (session === undefined) return;
  post('Profiler.stopPreciseCoverage');
  post('Profiler.disable');
  session.disconnect();
  session = undefined;
  setFlagsFromString('--compilation-cache');
}

interface Coverage {
  result: { url: string; functions: { ranges: { count: number }[] }[] }[];
}

/** Whether a script is code under test: the sources and their dependencies, not the tests nor node's own. */
function underTest(url: string): boolean {
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice(7)) : url;
  return path.startsWith('/') && !path.startsWith(TESTS) && !/\/node_modules\/(?:jest|@jest|expect|ts-jest|fast-check|pure-rand)[/-]/.test(path);
}

/** Blocks executed since the last call (taking the counts resets them). */
function blocksSinceLastTaken(): number {
  let blocks = 0;
  for (const script of post<Coverage>('Profiler.takePreciseCoverage').result) {
    if (!underTest(script.url)) continue;
    for (const fn of script.functions) for (const range of fn.ranges) blocks += range.count;
  }
  return blocks;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

/** Wraps `names` of `proto` to add what `cost` says to `counter.searched`; answers a function that restores them. */
function wrapSearches(proto: object, names: readonly string[], cost: (self: unknown, args: unknown[], result: unknown) => number, counter: { searched: number }): () => void {
  const methods = proto as Record<string, Method>;
  const originals = names.map((name) => [name, methods[name]!] as const);
  for (const [name, original] of originals) {
    methods[name] = function counted(this: unknown, ...args: unknown[]): unknown {
      const result = original.apply(this, args);
      counter.searched += cost(this, args, result);
      return result;
    };
  }
  return () => {
    for (const [name, original] of originals) methods[name] = original;
  };
}

const from = (args: unknown[], length: number): number => {
  const start = typeof args[1] === 'number' ? args[1] : 0;
  return start < 0 ? Math.max(0, length + start) : Math.min(start, length);
};

/** Wraps `RegExp.prototype.exec`, which every search of a regular expression calls while it is replaced. */
function wrapRegExpSearches(counter: { searched: number }): () => void {
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = function counted(this: RegExp, text: string): RegExpExecArray | null {
    const length = String(text).length;
    const start = this.global || this.sticky ? Math.min(this.lastIndex, length) : 0;
    const match = exec.call(this, text);
    // What the search covers: from where it starts to the end of its match, or of its input.
    if (match === null) counter.searched += this.sticky ? 1 : length - start;
    else counter.searched += Math.max(1, match.index + match[0].length - start);
    return match;
  };
  return () => {
    RegExp.prototype.exec = exec;
  };
}

function bufferSearchCost(self: unknown, args: unknown[], result: unknown): number {
  const buffer = self as Buffer;
  const start = from(args, buffer.length);
  const found = result as number;
  const needle = typeof args[0] === 'number' ? 1 : Buffer.byteLength(args[0] as string);
  return found === -1 ? buffer.length - start : found + needle - start;
}

function bufferLastIndexCost(self: unknown, args: unknown[], result: unknown): number {
  const buffer = self as Buffer;
  const start = typeof args[1] === 'number' ? Math.min(args[1], buffer.length) : buffer.length;
  return Math.max(1, start - Math.max(0, result as number));
}

function bufferDecodeCost(self: unknown, args: unknown[]): number {
  const buffer = self as Buffer;
  const start = typeof args[1] === 'number' ? args[1] : 0;
  const end = typeof args[2] === 'number' ? Math.min(args[2], buffer.length) : buffer.length;
  return Math.max(0, end - start);
}

/**
 * The operations `work` takes: character visits, characters searched, and blocks executed (see
 * {@link OperationCount}). A thrown error is the result, not a failure.
 */
export async function countOperations<T>(work: () => T | Promise<T>): Promise<OperationCount<T>> {
  if (session === undefined) throw new Error('countOperations needs startCountingBlocks() before the code to measure is loaded');
  const counter = { searched: 0 };
  const restore = [
    wrapRegExpSearches(counter),
    // `includes` calls `indexOf`.
    wrapSearches(Buffer.prototype, ['indexOf'], bufferSearchCost, counter),
    wrapSearches(Buffer.prototype, ['lastIndexOf'], bufferLastIndexCost, counter),
    wrapSearches(Buffer.prototype, ['toString'], bufferDecodeCost, counter),
  ];
  blocksSinceLastTaken();
  let counted: { result: T | Error; visits: number };
  let blocks: number;
  try {
    counted = await countCharacterVisits(work);
  } finally {
    blocks = blocksSinceLastTaken();
    for (const undo of restore) undo();
  }
  return { ...counted, searched: counter.searched, blocks, operations: counted.visits + counter.searched + blocks };
}
