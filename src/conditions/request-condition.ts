import type { RequestInfo } from './request-info';

/**
 * A route condition, after Spring's `RequestCondition`: an immutable value that combines with a
 * router-level default, matches a request (answering the part of itself that matched, or
 * `undefined`), and compares with another match of the same request for specificity.
 */
export interface RequestCondition<Self extends RequestCondition<Self>> {
  /** True when the condition constrains nothing, so it matches every request. */
  readonly isEmpty: boolean;
  /** This condition (router-level) combined with a route-level one. */
  combine(other: Self): Self;
  /** The narrowed condition when the request matches, `undefined` when it does not. */
  match(request: RequestInfo): Self | undefined;
  /** Negative when this (matched) condition is more specific for the request than `other`. */
  compareTo(other: Self, request: RequestInfo): number;
  /** Whether some request could match both with neither more specific: a tie (used to find ambiguous mappings). */
  overlaps(other: Self): boolean;
  /** The condition as declared, for the route table and error messages. */
  toString(): string;
}
