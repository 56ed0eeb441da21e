import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Form } from '../converters/form/form';
import type { Multipart } from '../converters/multipart/multipart';

/** A constructor token that names a body kind (`String`, `Buffer`, `Object`, `Form`, `XmlDocument`, `Feed`). */
export type BodyClass = abstract new (...args: never[]) => unknown;

/** What `.body(...)` accepts: a kind token or any Standard Schema (zod, valibot, arktype). */
export type BodyToken = StandardSchemaV1 | StringConstructor | BufferConstructor | ObjectConstructor | ArrayConstructor | BodyClass;

/** The handler's body type for a token: a schema's output, `string`, `Buffer`, a plain object, a `Multipart` of `Form` fields, an instance. */
export type BodyOf<T> = T extends StandardSchemaV1<unknown, infer O>
  ? O
  : T extends StringConstructor
    ? string
    : T extends BufferConstructor
      ? Buffer
      : T extends ObjectConstructor
        ? Record<string, unknown>
        : T extends ArrayConstructor
          ? unknown[]
          : T extends typeof Multipart
            ? Multipart<Form>
            : T extends abstract new (...args: never[]) => infer I
            ? I
            : unknown;
