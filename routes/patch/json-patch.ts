import { JsonPatchError, type Operation, applyOperation, getValueByPointer, unescapePathComponent, validator } from 'fast-json-patch';

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

/** The largest document a patch may produce, in characters of JSON: the request body limit, 1 MB. */
export const MAX_PATCHED_SIZE = 1024 * 1024;

function jsonSize(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/** The value a `copy` would copy, or undefined when its `from` does not exist (the copy then fails as a conflict). */
function valueAt(document: unknown, pointer: string): unknown {
  try {
    return getValueByPointer(document, pointer);
  } catch {
    return undefined;
  }
}

/** fast-json-patch error names that say the document is malformed, not the target's state. */
const MALFORMED = new Set([
  'SEQUENCE_NOT_AN_ARRAY',
  'OPERATION_NOT_AN_OBJECT',
  'OPERATION_OP_INVALID',
  'OPERATION_PATH_INVALID',
  'OPERATION_FROM_REQUIRED',
  'OPERATION_VALUE_REQUIRED',
  'OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED',
]);

/** RFC 6901 section 3: empty, or `/` tokens in which `~` is only `~0` or `~1`. */
const JSON_POINTER = /^(?:\/(?:[^/~]|~[01])*)*$/;

const FORBIDDEN_TOKEN = /(?:^|\/)(?:__proto__|constructor|prototype)(?:\/|$)/;

/**
 * Checks what fast-json-patch leaves to chance: pointers are strings in RFC 6901 syntax, no
 * pointer reaches `__proto__`, `constructor` or `prototype`, and a `move` never moves a value into
 * one of its own children (RFC 6902 section 4.4).
 */
function checkOperations(patch: unknown): asserts patch is Operation[] {
  if (!Array.isArray(patch)) throw new MalformedPatch('A JSON Patch document is an array of operations (RFC 6902 section 3)');
  patch.forEach((operation: unknown, index) => {
    if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) {
      throw new MalformedPatch(`Operation ${index} is not an object`, index);
    }
    const { op, path } = operation as { op?: unknown; path?: unknown };
    // `from` belongs to move and copy; on any other operation it is a member to ignore (RFC 6902 section 4).
    const from = op === 'move' || op === 'copy' ? (operation as { from?: unknown }).from : undefined;
    for (const [member, pointer] of [['path', path], ['from', from]] as const) {
      if (pointer === undefined && (member === 'from' || typeof op !== 'string')) continue;
      if (typeof pointer !== 'string' || !JSON_POINTER.test(pointer)) {
        throw new MalformedPatch(`Operation ${index}: '${member}' must be a JSON Pointer (RFC 6901), such as "/books/0"`, index);
      }
      if (FORBIDDEN_TOKEN.test(pointer)) throw new MalformedPatch(`Operation ${index}: '${member}' names a member that cannot be patched`, index);
    }
    if (op === 'move' && typeof from === 'string' && typeof path === 'string' && path.startsWith(`${from}/`)) {
      throw new MalformedPatch(`Operation ${index}: cannot move a value into one of its own children`, index);
    }
  });
}

/** An array index in a JSON Pointer (RFC 6901 section 4): no sign, no leading zero. */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]*)$/;

/** The reference tokens of a JSON Pointer, unescaped (`~1` is `/`, `~0` is `~`). */
function tokensOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePathComponent);
}

/**
 * Where a pointer leads in a JSON document, through its own members and array indexes only (RFC
 * 6901): `undefined` when it leads nowhere. `toString` is no member of an object, and `01` no index.
 */
function resolve(document: unknown, tokens: readonly string[]): { value: unknown } | undefined {
  let value = document;
  for (const token of tokens) {
    if (Array.isArray(value)) {
      if (!ARRAY_INDEX.test(token) || Number(token) >= value.length) return undefined;
      value = value[Number(token)];
    } else if (typeof value === 'object' && value !== null && Object.hasOwn(value, token)) {
      value = (value as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return { value };
}

/**
 * Checks that an operation's pointers lead where RFC 6902 requires before fast-json-patch applies
 * it (it follows inherited members and takes `01` for 1): `from`, and the `path` of `remove`,
 * `replace` and `test`, must exist (sections 4.2 to 4.6); the `path` of `add`, `move` and `copy`
 * must name a member of an existing object, or an index of an existing array up to its length, or
 * `-` (section 4.1).
 */
function checkTargets(document: unknown, operation: Operation, index: number): void {
  const missing = (pointer: string, member: string): PatchConflict =>
    new PatchConflict(`Operation ${index}: '${pointer}' (${member}) does not exist in the target`, index);
  if ((operation.op === 'move' || operation.op === 'copy') && resolve(document, tokensOf(operation.from)) === undefined) {
    throw missing(operation.from, 'from');
  }
  const tokens = tokensOf(operation.path);
  if (operation.op === 'remove' || operation.op === 'replace' || operation.op === 'test') {
    if (resolve(document, tokens) === undefined) throw missing(operation.path, 'path');
    return;
  }
  if (tokens.length === 0) return;
  const parent = resolve(document, tokens.slice(0, -1))?.value;
  const last = tokens[tokens.length - 1]!;
  const fits = Array.isArray(parent)
    ? last === '-' || (ARRAY_INDEX.test(last) && Number(last) <= parent.length)
    : typeof parent === 'object' && parent !== null;
  if (!fits) throw missing(operation.path, 'path');
}

/**
 * Applies a JSON Patch document (RFC 6902) to a copy of `target` and answers the result; the
 * target is not modified, and a patch that fails part way changes nothing (section 5).
 *
 * @throws MalformedPatch when the document is not a valid patch
 * @throws PatchConflict when a `test` fails or a path does not exist in the target
 * @throws PatchTooLarge when `copy` operations would make the document larger than `maxSize`
 */
export function applyJsonPatch(target: unknown, patch: unknown, maxSize = MAX_PATCHED_SIZE): unknown {
  checkOperations(patch);
  let document = structuredClone(target);
  // Only `copy` grows the document by more than the patch carries, and the body limit bounds that.
  let size = jsonSize(document);
  // One operation at a time: fast-json-patch's own loop reports index 0 for most failures.
  patch.forEach((operation, index) => {
    if (operation.op === 'copy') {
      size += jsonSize(valueAt(document, operation.from));
      if (size > maxSize) throw new PatchTooLarge(`Operation ${index}: the patched document would be larger than ${maxSize} characters of JSON`, index);
    }
    try {
      // The operation's shape first (a missing `value` is a 400 whatever the target), then its targets.
      validator(operation, index);
      checkTargets(document, operation, index);
      document = applyOperation(document, operation, true, true, true, index).newDocument;
    } catch (error) {
      throw explain(error, operation, index);
    }
  });
  return document;
}

function explain(error: unknown, operation: Operation, index: number): unknown {
  if (!(error instanceof JsonPatchError)) return error;
  const detail = error.message.split('\n')[0] ?? error.name;
  if (MALFORMED.has(error.name)) return new MalformedPatch(`Operation ${index}: ${detail}`, index);
  if (error.name === 'TEST_OPERATION_FAILED') return new PatchConflict(`Operation ${index}: the test of '${operation.path}' failed`, index);
  return new PatchConflict(`Operation ${index}: ${detail} ('${operation.path}')`, index);
}
