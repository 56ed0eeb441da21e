import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Feed } from 'feed';
import type { Form } from '../converters/form/form';
import type { Multipart } from '../converters/multipart/multipart';
import type { MultipartParts } from '../converters/multipart/multipart-parts';
import type { XmlDocument } from '../converters/xml/xml-document';

/**
 * The classes that name a body kind: `Uint8Array`, `Form`, `XmlDocument`, `Feed`, `Multipart`,
 * `MultipartParts`. A body is bound as one of these or as a plain value, never as an instance of
 * another class: `.body(Date)` or `.body(MyClass)` throws when the route is declared (a schema
 * types and validates a plain object instead).
 */
export type BodyClass = Uint8ArrayConstructor | typeof Form | typeof XmlDocument | typeof Feed | typeof Multipart | typeof MultipartParts;

/** What `.body(...)` accepts: a kind token or any Standard Schema (zod, valibot, arktype). */
export type BodyToken = StandardSchemaV1 | StringConstructor | BufferConstructor | ObjectConstructor | ArrayConstructor | BodyClass;

/** The handler's body type for a token: a schema's output, `string`, `Buffer`, a plain object, a `Multipart` of `Form` fields, an instance of a kind's class. */
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
            : T extends BodyClass
              ? InstanceType<T>
              : unknown;
