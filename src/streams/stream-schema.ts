import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ReturnsDeclaration } from '../dsl/route-metadata';
import { type StreamSource, isStreamBody } from './stream-source';

const STREAM_SCHEMA = Symbol('represent.streamSchema');

/**
 * The schema of a streamed answer whose items another schema describes: what `.returns(streamOf(item))`
 * declares. Its output is an `AsyncIterable` of the item schema's output, so the handler may
 * return an `async function*` of items (or a `ResponseEntity` of one).
 */
export interface StreamSchema<Item> extends StandardSchemaV1<unknown, AsyncIterable<Item>> {
  /** @internal Marks the schema as a stream's, for the router. */
  readonly [STREAM_SCHEMA]: true;
  /** The schema each item is checked against, and described by in the API description. */
  readonly items: StandardSchemaV1;
}

/** Whether a `.returns()` schema is a stream's ({@link streamOf}). */
export function isStreamSchema(schema: unknown): schema is StreamSchema<unknown> {
  return typeof schema === 'object' && schema !== null && STREAM_SCHEMA in schema;
}

/**
 * Declares a streamed answer of items: `.returns(streamOf(User))` types the handler's answer as an
 * `AsyncIterable<User>`, writes it as NDJSON / JSON Lines (or one server-sent event's `data` per
 * item where the route produces `text/event-stream`), each item checked against `item` as it is
 * written (its output is what goes out), and describes the response in the API description as a
 * sequence of `item` in those media types.
 */
export function streamOf<S extends StandardSchemaV1>(item: S): StreamSchema<StandardSchemaV1.InferOutput<S>> {
  const standard: StandardSchemaV1.Props<unknown, AsyncIterable<StandardSchemaV1.InferOutput<S>>> = {
    version: 1,
    vendor: item['~standard'].vendor,
    // The items are checked one by one as they are written (checkedItems), never held together.
    validate: (value) => (isStreamBody(value) ? { value: value as AsyncIterable<StandardSchemaV1.InferOutput<S>> } : { issues: [{ message: 'is not a stream (an async iterable)' }] }),
  };
  return { '~standard': standard, [STREAM_SCHEMA]: true, items: item } as StreamSchema<StandardSchemaV1.InferOutput<S>>;
}

/**
 * The source of a route's streamed answer, each item checked against the route's
 * `.returns(streamOf(item))` schema and replaced by its output; the source as it is for any other
 * route. An item the schema refuses is a TypeError naming the issues (a fault of the handler): a
 * 500 problem before the first byte, the connection cut after it, as for any stream's failure.
 */
export function checkedItems(returns: ReturnsDeclaration | undefined, source: StreamSource): StreamSource {
  const schema = returns?.schema;
  if (!isStreamSchema(schema)) return source;
  const { items } = schema;
  let index = 0;
  return {
    next: async () => {
      const step = await source.next();
      if (step.done === true) return step;
      const result = await items['~standard'].validate(step.value);
      const at = index++;
      if (result.issues !== undefined) {
        const issues = result.issues.map((issue) => `${(issue.path ?? []).map((key) => (typeof key === 'object' ? String(key.key) : String(key))).join('.') || '(item)'}: ${issue.message}`);
        throw new TypeError(`Item ${at} of the stream does not match the route's .returns(streamOf(...)) schema: ${issues.join('; ')}`);
      }
      return { done: false, value: result.value };
    },
    cancel: (reason) => source.cancel(reason),
  };
}

/** Whether a route's answer is declared a stream of items (`.returns(streamOf(item))`): its values are records, whatever the first is. */
export function declaresItems(returns: ReturnsDeclaration | undefined): boolean {
  return isStreamSchema(returns?.schema);
}
