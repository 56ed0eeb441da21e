import type { WorkCounter } from './work-counter';
import { WorkingDocument } from './working-document';

/** The media type of a JSON Patch document (RFC 6902 section 6). */
export const JSON_PATCH = 'application/json-patch+json';

/** The patch document itself is wrong, whatever it is applied to (RFC 5789 section 2.2: 400). */
export class MalformedPatch extends Error {
  constructor(
    message: string,
    readonly operation?: number,
  ) {
    super(message);
    this.name = 'MalformedPatch';
  }
}

/**
 * The patch is well formed but cannot be applied to the resource as it is: a `test` that fails, or
 * a path that does not exist (RFC 6902 section 5; RFC 5789 section 2.2: 409).
 */
export class PatchConflict extends Error {
  constructor(
    message: string,
    readonly operation: number,
  ) {
    super(message);
    this.name = 'PatchConflict';
  }
}

/**
 * The patched document would be larger than a client could PUT: a few `copy` operations of a
 * member into itself double it each time (25 of them turn 3 books into 100 million), so the size
 * of what is copied is counted before copying (RFC 5789 section 2.2: the server is incapable of
 * processing the request, 422).
 */
export class PatchTooLarge extends Error {
  constructor(
    message: string,
    readonly operation: number,
  ) {
    super(message);
    this.name = 'PatchTooLarge';
  }
}

/**
 * The patch holds more operations than the server applies in one request. It is well formed, so
 * not a 400; the server declines to process it, as RFC 5789 section 2.2 says of a 422.
 */
export class TooManyOperations extends Error {
  constructor(
    message: string,
    readonly limit: number,
  ) {
    super(message);
    this.name = 'TooManyOperations';
  }
}

/** The largest document a patch may produce, in characters of JSON: the request body limit, 1 MB. */
export const MAX_PATCHED_SIZE = 1024 * 1024;

/**
 * The most operations one patch may hold: one for each book of a full bookcase (10,000). A 1 MB
 * body has room for about 37,000 of the shortest (`{"op":"remove","path":"/0"}`, 28 bytes).
 */
export const MAX_PATCH_OPERATIONS = 10_000;

/** Limits of {@link applyJsonPatch}. */
export interface JsonPatchLimits {
  /** The largest result, in characters of JSON; {@link MAX_PATCHED_SIZE} by default. */
  readonly maxSize?: number;
  /** The most operations in one patch; {@link MAX_PATCH_OPERATIONS} by default. */
  readonly maxOperations?: number;
  /** Counts the steps taken, for tests that bound the work; none by default. */
  readonly work?: WorkCounter;
}

/** A JSON Pointer as written (for messages) and as reference tokens (to follow). */
interface Pointer {
  readonly text: string;
  readonly tokens: readonly string[];
}

type Step =
  | { readonly op: 'add' | 'replace' | 'test'; readonly path: Pointer; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: Pointer }
  | { readonly op: 'move' | 'copy'; readonly path: Pointer; readonly from: Pointer };

const OPERATIONS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** RFC 6901 section 3: empty, or `/` tokens in which `~` is only `~0` or `~1`. */
const JSON_POINTER = /^(?:\/(?:[^/~]|~[01])*)*$/;

const FORBIDDEN_TOKEN = /(?:^|\/)(?:__proto__|constructor|prototype)(?:\/|$)/;

/** The reference tokens of a JSON Pointer, unescaped: `~1` is `/`, then `~0` is `~` (RFC 6901 section 4). */
function tokensOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * Reads one operation (RFC 6902 section 4): a known `op`, pointers in RFC 6901 syntax that never
 * name `__proto__`, `constructor` or `prototype`, a `value` where the operation takes one, a
 * `from` for `move` and `copy` (a member to ignore on the others), and no `move` of a value into
 * one of its own children (section 4.4).
 */
function stepOf(operation: unknown, index: number): Step {
  if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) throw new MalformedPatch(`Operation ${index} is not an object`, index);
  const { op, path, from, value } = operation as { op?: unknown; path?: unknown; from?: unknown; value?: unknown };
  if (typeof op !== 'string' || !OPERATIONS.has(op)) {
    throw new MalformedPatch(`Operation ${index}: 'op' must be one of add, remove, replace, move, copy or test (RFC 6902 section 4)`, index);
  }
  const pointer = (member: string, text: unknown): Pointer => {
    if (typeof text !== 'string' || !JSON_POINTER.test(text)) {
      throw new MalformedPatch(`Operation ${index}: '${member}' must be a JSON Pointer (RFC 6901), such as "/books/0"`, index);
    }
    if (FORBIDDEN_TOKEN.test(text)) throw new MalformedPatch(`Operation ${index}: '${member}' names a member that cannot be patched`, index);
    return { text, tokens: tokensOf(text) };
  };
  const target = pointer('path', path);
  if (op === 'remove') return { op, path: target };
  if (op === 'move' || op === 'copy') {
    const source = pointer('from', from);
    if (op === 'move' && target.text.startsWith(`${source.text}/`)) throw new MalformedPatch(`Operation ${index}: cannot move a value into one of its own children`, index);
    return { op, path: target, from: source };
  }
  if (value === undefined) throw new MalformedPatch(`Operation ${index}: '${op}' requires a 'value' (RFC 6902 section 4)`, index);
  return { op: op as 'add' | 'replace' | 'test', path: target, value };
}

function jsonSize(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/**
 * Applies a JSON Patch document (RFC 6902) to a copy of `target` and answers the result; the
 * target is not modified, and a patch that fails part way changes nothing (section 5).
 *
 * The work is linear in the size of the target plus the size of the patch (times the logarithm of
 * an array's length for an edit inside it): the target is copied once, every operation is checked
 * before any is applied, a `move` relocates its value without copying it, a `copy` copies only
 * its subtree (and all copies together at most `maxSize` characters of JSON), and a `test`
 * compares only the value it names.
 *
 * @throws MalformedPatch when the document is not a valid patch
 * @throws TooManyOperations when it holds more than `maxOperations` operations
 * @throws PatchConflict when a `test` fails or a path does not exist in the target
 * @throws PatchTooLarge when `copy` operations would make the document larger than `maxSize`
 */
export function applyJsonPatch(target: unknown, patch: unknown, limits: JsonPatchLimits = {}): unknown {
  const { maxSize = MAX_PATCHED_SIZE, maxOperations = MAX_PATCH_OPERATIONS, work = { steps: 0 } } = limits;
  if (!Array.isArray(patch)) throw new MalformedPatch('A JSON Patch document is an array of operations (RFC 6902 section 3)');
  if (patch.length > maxOperations) {
    throw new TooManyOperations(`The patch holds ${patch.length} operations; at most ${maxOperations} are applied in one request`, maxOperations);
  }
  // Every operation is read before any is applied: a malformed one anywhere is a 400, whatever the target.
  const steps = patch.map(stepOf);
  const document = new WorkingDocument(target, work);
  // Only `copy` grows the document by more than the patch carries, and the body limit bounds that.
  let size = jsonSize(target);
  steps.forEach((step, index) => {
    const missing = (pointer: Pointer, member: 'path' | 'from'): PatchConflict =>
      new PatchConflict(`Operation ${index}: '${pointer.text}' (${member}) does not exist in the target`, index);
    switch (step.op) {
      case 'add':
        // A copy of the value: later operations edit the document, never the patch.
        if (!document.add(step.path.tokens, document.copyOf(step.value))) throw missing(step.path, 'path');
        return;
      case 'remove':
        if (document.remove(step.path.tokens) === undefined) throw missing(step.path, 'path');
        return;
      case 'replace':
        if (!document.replace(step.path.tokens, document.copyOf(step.value))) throw missing(step.path, 'path');
        return;
      case 'test': {
        const found = document.get(step.path.tokens);
        if (found === undefined) throw missing(step.path, 'path');
        if (!document.equals(found.value, step.value)) throw new PatchConflict(`Operation ${index}: the test of '${step.path.text}' failed`, index);
        return;
      }
      case 'copy': {
        const found = document.get(step.from.tokens);
        if (found === undefined) throw missing(step.from, 'from');
        size += jsonSize(found.value);
        if (size > maxSize) throw new PatchTooLarge(`Operation ${index}: the patched document would be larger than ${maxSize} characters of JSON`, index);
        if (!document.add(step.path.tokens, document.copyOf(found.value))) throw missing(step.path, 'path');
        return;
      }
      case 'move': {
        // Removed, then added where `path` leads in the document without it (section 4.4).
        const found = document.remove(step.from.tokens);
        if (found === undefined) throw missing(step.from, 'from');
        if (!document.add(step.path.tokens, found.value)) throw missing(step.path, 'path');
        return;
      }
    }
  });
  return document.result();
}
