import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ResponseEntity } from '../response-entity';

/**
 * What a route says about itself for its API description (OpenAPI's operation fields). None of it
 * changes how requests are answered.
 */
export interface RouteMetadata {
  /** A short summary of what the operation does. */
  readonly summary?: string;
  /** A longer description; CommonMark. */
  readonly description?: string;
  /** Tags that group operations in a reference page. */
  readonly tags?: readonly string[];
  /** A unique name of the operation; by default derived from the method and the path (`getUsersById`). */
  readonly operationId?: string;
  /** Whether clients should stop using the operation. */
  readonly deprecated?: boolean;
  /**
   * Answers the handler gives itself, by status, with their descriptions (`.responds(422, 'The
   * patch breaks a rule')`): from 400 on, described as problem documents.
   */
  readonly responses?: Readonly<Record<string, string>>;
  /** `false` when the handler never succeeds (`.neverSucceeds()`): it exists to answer a problem itself. */
  readonly succeeds?: boolean;
}

/** What `.returns(schema)` declares: the schema of the handler's successful answer and its status. */
export interface ReturnsDeclaration {
  /** The Standard Schema of the value the handler returns (its output is the body's type). */
  readonly schema: StandardSchemaV1;
  /** The status of that answer; 200 by default. */
  readonly status?: number;
  /** The description of that response in the API description. */
  readonly description?: string;
}

/** Options of `.returns(schema, options)`: the status and description of the described answer. */
export interface ReturnsOptions {
  /** The status of the handler's answer; 200 by default. */
  readonly status?: number;
  /** The description of that response in the API description. */
  readonly description?: string;
}

/** The value a handler typed by `.returns(schema)` gives: the schema's output, possibly in a {@link ResponseEntity}. */
export type Returned<R> = R | ResponseEntity<R> | ResponseEntity<undefined>;

/** A handler typed by `.returns(schema)`: what it returns (or resolves to) must be the schema's output. */
export type ReturningHandler<C, R> = (context: C) => Returned<R> | Promise<Returned<R>>;
