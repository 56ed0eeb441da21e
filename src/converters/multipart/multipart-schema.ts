import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { Form } from '../form/form';
import { shapeOf } from '../json-schema-shape';
import { coerceToShape } from '../shape-coercion';
import { Multipart } from './multipart';

/** What {@link multipartWith} takes besides the fields' schema. */
export interface MultipartSchemaOptions {
  /**
   * The fields that carry files. When given, a file part under another name is refused (400), and
   * the OpenAPI description lists them as binary properties.
   */
  readonly files?: readonly string[];
}

const MULTIPART_SCHEMA = Symbol('represent.multipartSchema');

/** A Standard Schema over a {@link Multipart} body whose fields another schema validates. */
export interface MultipartSchema<Output> extends StandardSchemaV1<Multipart<Form>, Multipart<Output>> {
  /** @internal Marks the schema as a multipart body's, for the router. */
  readonly [MULTIPART_SCHEMA]: true;
  /** The schema of the fields. */
  readonly fields: StandardSchemaV1;
  /** The file fields, when declared. */
  readonly files: readonly string[] | undefined;
}

/** Whether a body token is a schema made by {@link multipartWith}: the body is `multipart/form-data`. */
export function isMultipartSchema(token: unknown): token is MultipartSchema<unknown> {
  return typeof token === 'object' && token !== null && MULTIPART_SCHEMA in token;
}

/**
 * A `multipart/form-data` body whose fields a Standard Schema (zod, valibot, arktype) validates:
 * `.body(multipartWith(z.object({ title: z.string() }), { files: ['cover'] }))` gives the handler a
 * `Multipart<{ title: string }>`. As for forms, a field sent once is its value and a repeated one
 * the list, coerced to the schema's shape (text to numbers and booleans) before it validates; a
 * failure is the same 400 listing each field (`/title`) as a JSON body's.
 */
export function multipartWith<S extends StandardSchemaV1>(fields: S, options: MultipartSchemaOptions = {}): MultipartSchema<StandardSchemaV1.InferOutput<S>> {
  const files = options.files;
  let shape: ReturnType<typeof shapeOf> | null = null;
  const validate = async (value: unknown): Promise<StandardSchemaV1.Result<Multipart<StandardSchemaV1.InferOutput<S>>>> => {
    if (!(value instanceof Multipart)) return { issues: [{ message: 'The body is not multipart/form-data' }] };
    const body = value as Multipart<Form>;
    const unexpected = files === undefined ? [] : body.files.filter((file) => !files.includes(file.field));
    if (unexpected.length > 0) {
      return { issues: unexpected.map((file) => ({ message: `is a file, and the route takes files only as ${files!.join(', ')}`, path: [file.field] })) };
    }
    if (shape === null) shape = shapeOf(fields);
    const object = Form.toObject(body.fields);
    const result = await fields['~standard'].validate(shape === undefined ? object : coerceToShape(object, shape));
    if (result.issues !== undefined) return { issues: result.issues };
    return { value: Multipart.withFields(body, result.value as StandardSchemaV1.InferOutput<S>) };
  };
  const described = (fields['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  // OpenAPI 3.1 describes a file part as a string of binary content (section 4.8.14.4).
  const withFiles = (schema: Record<string, unknown>): Record<string, unknown> => {
    if (files === undefined) return schema;
    const properties = { ...(schema.properties as Record<string, unknown> | undefined) };
    for (const name of files) properties[name] = { type: 'string', contentMediaType: 'application/octet-stream' };
    return { ...schema, type: 'object', properties };
  };
  const standard: StandardSchemaV1.Props<Multipart<Form>, Multipart<StandardSchemaV1.InferOutput<S>>> & Partial<StandardJSONSchemaV1.Props> = {
    version: 1,
    vendor: fields['~standard'].vendor,
    validate,
    ...(described !== undefined && {
      jsonSchema: {
        input: (options: StandardJSONSchemaV1.Options) => withFiles(described.input(options)),
        output: (options: StandardJSONSchemaV1.Options) => withFiles(described.output(options)),
      },
    }),
  };
  return { '~standard': standard, [MULTIPART_SCHEMA]: true, fields, files } as MultipartSchema<StandardSchemaV1.InferOutput<S>>;
}
