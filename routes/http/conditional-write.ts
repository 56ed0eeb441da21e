import { type CurrentValidators, HttpError } from '../../src';
import { DatabaseFileLost } from '../store/database-file';
import { type Expectation, StoreFull, type Versioned, VersionMismatch } from '../store/store';

/** The problem type of a write refused because the database file was deleted or replaced while the service ran. */
export const WRITES_REFUSED = 'urn:represent:example:writes-refused';

/** Anything with validators: a stored item, or a collection's state. */
type Validated = Pick<Versioned<unknown>, 'version' | 'lastModified'>;

/** The validators of a stored item or a collection: its version as the ETag, and its Last-Modified. */
export type StoredValidators = { readonly etag: number; readonly lastModified: Date } | undefined;

/** The validators of a stored item: its version as the ETag, and its Last-Modified; none when there is no item. */
export function validatorsOf(entry: Validated | undefined): StoredValidators {
  return entry === undefined ? undefined : { etag: entry.version, lastModified: entry.lastModified };
}

/**
 * The expectation a conditional write commits with: the version its preconditions held for, as
 * the route's `.etag()` hook established it (`ctx.validators`), or no item; none for an
 * unconditional request. The hook runs before the body is read, and another request may change
 * the item meanwhile: the store checks it again when it commits.
 */
export function expectationOf(validators: CurrentValidators<StoredValidators>): Expectation {
  if (!validators.preconditionsChecked) return undefined;
  return validators.answer === undefined ? { absent: true } : { version: validators.answer.etag };
}

/**
 * The expectation a read-modify-write (PATCH) commits with: the version it read, which must also
 * be the one the request's preconditions held for (412 otherwise).
 */
export function expectRead(validators: CurrentValidators<StoredValidators>, entry: Versioned<unknown>): Expectation {
  const expected = expectationOf(validators);
  if (expected !== undefined && !('version' in expected && expected.version === entry.version)) throw new VersionMismatch('The resource');
  return { version: entry.version };
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
 * 503 Service Unavailable (RFC 9110 section 15.6.4): the database file is gone, so the service
 * cannot keep what a write would change; reads still answer. No Retry-After: it takes a restart,
 * not time. The detail names no path: that is for the log.
 */
function writesRefused(): HttpError {
  return new HttpError(503, 'The database file was deleted or replaced while the service ran: it refuses every write until it is restarted, so that none is lost; reads still answer from the data it opened', {
    type: WRITES_REFUSED,
  });
}

/**
 * Runs a store write, answering 507 when it would store a user more than the store holds, and 503
 * when the database file is gone. A write whose compare-and-set fails throws
 * {@link VersionMismatch}, a `PreconditionFailed` the library answers with 412 itself.
 */
export async function commit<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof StoreFull) throw full(error);
    if (error instanceof DatabaseFileLost) throw writesRefused();
    throw error;
  }
}
