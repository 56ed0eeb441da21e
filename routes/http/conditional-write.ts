import type { Request } from 'express';
import { HttpError, PreconditionFailed, ProblemType, type ValidatorSource } from '../../src';
import { type Expectation, StoreFull, type Versioned, VersionMismatch } from '../store/store';

/** Anything with validators: a stored item, or a collection's state. */
type Validated = Pick<Versioned<unknown>, 'version' | 'lastModified'>;

/**
 * What the `.etag()` hook of a conditional write saw, for the commit to check again: the hook runs
 * before the body is read, and another request may change the item meanwhile. Keyed by request.
 */
const seen = new WeakMap<Request, Expectation>();

const CONDITIONAL = ['if-match', 'if-none-match', 'if-unmodified-since'];

/**
 * The `.etag()` hook of an unsafe route: answers the item's validators (the library then answers
 * 412 to a stale If-Match before the handler runs) and remembers, when the request is conditional,
 * the version its preconditions held for.
 */
export function validatorsForWrite(req: Request, entry: Validated | undefined): ValidatorSource {
  if (CONDITIONAL.some((name) => req.headers[name] !== undefined)) {
    seen.set(req, entry === undefined ? { absent: true } : { version: entry.version });
  }
  return validatorsOf(entry);
}

/** The validators of a stored item: its version as the ETag, and its Last-Modified. */
export function validatorsOf(entry: Validated | undefined): ValidatorSource {
  return entry === undefined ? undefined : { etag: entry.version, lastModified: entry.lastModified };
}

/** The expectation a conditional request's commit must still meet; none for an unconditional one. */
export function expectationOf(req: Request): Expectation {
  return seen.get(req);
}

/**
 * The expectation a read-modify-write (PATCH) commits with: the version it read, which must also
 * be the one the request's preconditions held for (412 otherwise).
 */
export function expectRead(req: Request, entry: Versioned<unknown>): Expectation {
  const expected = seen.get(req);
  if (expected !== undefined && !('version' in expected && expected.version === entry.version)) throw mismatch(new VersionMismatch('The resource'));
  return { version: entry.version };
}

function mismatch(error: VersionMismatch): PreconditionFailed {
  return new PreconditionFailed(`${error.message}; nothing was changed`, { type: ProblemType.preconditionFailed });
}

/**
 * 507 Insufficient Storage (RFC 4918 section 11.5): the server cannot store what the request
 * needs, a condition of the server's, not of the request or of its target, and temporary (deleting
 * users makes room). Not 409: a PUT to a new id has no conflict with its target's state.
 */
function full(error: StoreFull): HttpError {
  return new HttpError(507, `${error.message}; delete users to make room`, { extensions: { maxUsers: error.maxUsers } });
}

/**
 * Runs a store write, answering 412 when the item changed after the preconditions were checked,
 * and 507 when it would store a user more than the store holds.
 */
export async function commit<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof VersionMismatch) throw mismatch(error);
    throw error instanceof StoreFull ? full(error) : error;
  }
}
