/**
 * The parts of an OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.1) that
 * `router.openapi()` writes. Schemas are JSON Schema 2020-12, kept open (`JsonSchema`).
 */

/** A JSON Schema (draft 2020-12) object or boolean, as OpenAPI 3.1's Schema Object is. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** A reference to a component (`#/components/...`). */
export interface ReferenceObject {
  readonly $ref: string;
}

/** The API's title, version and description (OpenAPI section 4.8.2). */
export interface InfoObject {
  readonly title: string;
  readonly version: string;
  readonly summary?: string;
  readonly description?: string;
  readonly termsOfService?: string;
  readonly contact?: { readonly name?: string; readonly url?: string; readonly email?: string };
  readonly license?: { readonly name: string; readonly identifier?: string; readonly url?: string };
}

/** A server the API is served from (OpenAPI section 4.8.5). */
export interface ServerObject {
  readonly url: string;
  readonly description?: string;
  readonly variables?: Readonly<Record<string, { readonly default: string; readonly enum?: readonly string[]; readonly description?: string }>>;
}

/** A path, query or header parameter (OpenAPI section 4.8.12). */
export interface ParameterObject {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly description?: string;
  readonly required?: boolean;
  readonly deprecated?: boolean;
  readonly style?: 'matrix' | 'label' | 'simple' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  readonly explode?: boolean;
  readonly allowReserved?: boolean;
  readonly schema?: JsonSchema;
  readonly [extension: `x-${string}`]: unknown;
}

/** One media type's content (OpenAPI section 4.8.14). */
export interface MediaTypeObject {
  readonly schema?: JsonSchema;
  readonly example?: unknown;
}

/** A request body (OpenAPI section 4.8.13). */
export interface RequestBodyObject {
  readonly description?: string;
  readonly required?: boolean;
  readonly content: Readonly<Record<string, MediaTypeObject>>;
}

/** A response header (OpenAPI section 4.8.21). */
export interface HeaderObject {
  readonly description?: string;
  readonly required?: boolean;
  readonly schema?: JsonSchema;
  readonly example?: unknown;
}

/** One response (OpenAPI section 4.8.17). */
export interface ResponseObject {
  readonly description: string;
  readonly headers?: Readonly<Record<string, HeaderObject | ReferenceObject>>;
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
}

/** One operation: a method on a path (OpenAPI section 4.8.10). */
export interface OperationObject {
  readonly operationId: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly deprecated?: boolean;
  readonly parameters?: readonly (ParameterObject | ReferenceObject)[];
  readonly requestBody?: RequestBodyObject;
  readonly responses: Readonly<Record<string, ResponseObject | ReferenceObject>>;
  readonly [extension: `x-${string}`]: unknown;
}

/** The methods a Path Item names (OpenAPI section 4.8.9). */
export type OperationMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** The operations of one path (OpenAPI section 4.8.9). */
export type PathItemObject = { readonly [M in OperationMethod]?: OperationObject } & {
  readonly [extension: `x-${string}`]: unknown;
};

/** Reusable parts of the document (OpenAPI section 4.8.7). */
export interface ComponentsObject {
  readonly schemas?: Readonly<Record<string, JsonSchema>>;
  readonly responses?: Readonly<Record<string, ResponseObject>>;
  readonly headers?: Readonly<Record<string, HeaderObject>>;
  readonly parameters?: Readonly<Record<string, ParameterObject>>;
}

/** An OpenAPI 3.1 document (OpenAPI section 4.8.1). */
export interface OpenApiDocument {
  readonly openapi: '3.1.1';
  readonly info: InfoObject;
  readonly jsonSchemaDialect?: string;
  readonly servers?: readonly ServerObject[];
  readonly paths: Readonly<Record<string, PathItemObject>>;
  readonly components: ComponentsObject;
  readonly tags?: readonly { readonly name: string; readonly description?: string }[];
}

/** What `router.openapi()` takes: the document's `info` and, optionally, its `servers`. */
export interface OpenApiOptions {
  /** The API's title and version, at least (OpenAPI section 4.8.2). */
  readonly info: InfoObject;
  /** Where the API is served; a client resolves paths against the first. Default: the document's own origin. */
  readonly servers?: readonly ServerObject[];
}
