import type { SecurityScheme } from '../dsl/hooks';
/**
 * The parts of an OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.1) that
 * `router.openapi()` writes. Schemas are JSON Schema 2020-12, kept open (`JsonSchema`).
 */

/** A JSON Schema (draft 2020-12) object or boolean, as OpenAPI 3.1's Schema Object is. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** A reference to a component (`#/components/...`). */
export interface ReferenceObject {
  /** The JSON Pointer of the component, `#/components/responses/NotFound`. */
  readonly $ref: string;
}

/** Who to contact about the API (OpenAPI section 4.8.3). */
export interface ContactObject {
  /** The person or organisation. */
  readonly name?: string;
  /** A URL of their contact page. */
  readonly url?: string;
  /** Their email address. */
  readonly email?: string;
}

/** The API's licence (OpenAPI section 4.8.4). */
export interface LicenseObject {
  /** The licence's name. */
  readonly name: string;
  /** Its SPDX expression (`MIT`); not with `url`. */
  readonly identifier?: string;
  /** A URL of its text; not with `identifier`. */
  readonly url?: string;
}

/** The API's title, version and description (OpenAPI section 4.8.2). */
export interface InfoObject {
  /** The API's title. */
  readonly title: string;
  /** The version of the API description (not of OpenAPI). */
  readonly version: string;
  /** A short summary of the API. */
  readonly summary?: string;
  /** A description of the API; CommonMark. */
  readonly description?: string;
  /** A URL of the terms of service. */
  readonly termsOfService?: string;
  /** Who to contact about the API. */
  readonly contact?: ContactObject;
  /** The API's licence. */
  readonly license?: LicenseObject;
}

/** A variable of a server's URL template (OpenAPI section 4.8.6). */
export interface ServerVariableObject {
  /** The value used when the client gives none. */
  readonly default: string;
  /** The values allowed. */
  readonly enum?: readonly string[];
  /** What the variable is. */
  readonly description?: string;
}

/** A server the API is served from (OpenAPI section 4.8.5). */
export interface ServerObject {
  /** Its URL, possibly relative to the document's, with `{variables}`. */
  readonly url: string;
  /** What the server is (production, staging). */
  readonly description?: string;
  /** The variables of `url`. */
  readonly variables?: Readonly<Record<string, ServerVariableObject>>;
}

/** A path, query or header parameter (OpenAPI section 4.8.12). */
export interface ParameterObject {
  /** The parameter's name: a placeholder of the path, a query parameter, a header. */
  readonly name: string;
  /** Where it is. */
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  /** What it is; CommonMark. */
  readonly description?: string;
  /** Whether a request must have it; always true for a path parameter. */
  readonly required?: boolean;
  /** Whether clients should stop sending it. */
  readonly deprecated?: boolean;
  /** How its value is written (`matrix`: `;name=a,b`; `form`: `name=a&name=b`). */
  readonly style?: 'matrix' | 'label' | 'simple' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
  /** Whether each item of an array is written with its own name. */
  readonly explode?: boolean;
  /** Whether reserved characters are sent as they are (query parameters). */
  readonly allowReserved?: boolean;
  /** The schema of its value. */
  readonly schema?: JsonSchema;
  /** An example value. */
  readonly example?: unknown;
  /** Extensions, such as `x-condition` (a params or headers condition) and `x-catch-all`. */
  readonly [extension: `x-${string}`]: unknown;
}

/** One media type's content (OpenAPI section 4.8.14). */
export interface MediaTypeObject {
  /** The schema of the content. */
  readonly schema?: JsonSchema;
  /** An example of the content. */
  readonly example?: unknown;
}

/** A request body (OpenAPI section 4.8.13). */
export interface RequestBodyObject {
  /** What the body is; CommonMark. */
  readonly description?: string;
  /** Whether a request must have one. */
  readonly required?: boolean;
  /** The body per media type it may be sent in (ranges such as `application/*+json` included). */
  readonly content: Readonly<Record<string, MediaTypeObject>>;
}

/** A response header (OpenAPI section 4.8.21). */
export interface HeaderObject {
  /** What the header says; CommonMark. */
  readonly description?: string;
  /** Whether every such response has it. */
  readonly required?: boolean;
  /** The schema of its value. */
  readonly schema?: JsonSchema;
  /** An example value. */
  readonly example?: unknown;
}

/** One response (OpenAPI section 4.8.17). */
export interface ResponseObject {
  /** What the response is; CommonMark. */
  readonly description: string;
  /** Its headers, by name. */
  readonly headers?: Readonly<Record<string, HeaderObject | ReferenceObject>>;
  /** Its body per media type; none when it has no body. */
  readonly content?: Readonly<Record<string, MediaTypeObject>>;
}

/** One operation: a method on a path (OpenAPI section 4.8.10). */
export interface OperationObject {
  /** The operation's name, unique in the document. */
  readonly operationId: string;
  /** A short summary. */
  readonly summary?: string;
  /** A longer description; CommonMark. */
  readonly description?: string;
  /** The tags that group it. */
  readonly tags?: readonly string[];
  /** Whether clients should stop using it. */
  readonly deprecated?: boolean;
  /** Its path, query and header parameters. */
  readonly parameters?: readonly (ParameterObject | ReferenceObject)[];
  /** The request body it takes. */
  readonly requestBody?: RequestBodyObject;
  /** Its responses, by status (`200`, `2XX`, `404`). */
  readonly responses: Readonly<Record<string, ResponseObject | ReferenceObject>>;
  /** The security it requires (section 4.8.30): one requirement, naming every scheme its hooks enforce. */
  readonly security?: readonly SecurityRequirementObject[];
  /** Extensions, such as `x-routes` (the routes that answer the operation). */
  readonly [extension: `x-${string}`]: unknown;
}

/** The methods a Path Item names (OpenAPI section 4.8.9). */
export type OperationMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/**
 * The operations of one path (OpenAPI section 4.8.9), by method, and extensions such as
 * `x-additional-operations` (methods OpenAPI 3.1 has no field for).
 */
export type PathItemObject = { readonly [M in OperationMethod]?: OperationObject } & {
  readonly [extension: `x-${string}`]: unknown;
};

/** Reusable parts of the document (OpenAPI section 4.8.7). */
export interface ComponentsObject {
  /** Schemas, by name: the problem document's, and the named or recursive parts of body schemas. */
  readonly schemas?: Readonly<Record<string, JsonSchema>>;
  /** Responses, by name: the problem responses. */
  readonly responses?: Readonly<Record<string, ResponseObject>>;
  /** Headers, by name: the validators and Vary. */
  readonly headers?: Readonly<Record<string, HeaderObject>>;
  /** Parameters, by name: the conditional request headers. */
  readonly parameters?: Readonly<Record<string, ParameterObject>>;
  /** Security schemes, by name: those the routes' hooks declare. */
  readonly securitySchemes?: Readonly<Record<string, SecurityScheme>>;
}

/** A Security Requirement Object (OpenAPI section 4.8.30): the schemes required together, each with its scopes. */
export type SecurityRequirementObject = Readonly<Record<string, readonly string[]>>;

/** A tag of the document (OpenAPI section 4.8.22). */
export interface TagObject {
  /** The tag's name, as operations give it. */
  readonly name: string;
  /** What the operations it groups are about. */
  readonly description?: string;
}

/** An OpenAPI 3.1 document (OpenAPI section 4.8.1). */
export interface OpenApiDocument {
  /** The version of OpenAPI the document follows. */
  readonly openapi: '3.1.1';
  /** The API's title and version. */
  readonly info: InfoObject;
  /** The JSON Schema dialect of its schemas (2020-12 when absent). */
  readonly jsonSchemaDialect?: string;
  /** Where the API is served; relative to the document's own URL when absent. */
  readonly servers?: readonly ServerObject[];
  /** The operations, by path template. */
  readonly paths: Readonly<Record<string, PathItemObject>>;
  /** The parts operations refer to. */
  readonly components: ComponentsObject;
  /** The tags operations use. */
  readonly tags?: readonly TagObject[];
}

/** What `router.openapi()` takes: the document's `info` and, optionally, its `servers`. */
export interface OpenApiOptions {
  /** The API's title and version, at least (OpenAPI section 4.8.2). */
  readonly info: InfoObject;
  /** Where the API is served; a client resolves paths against the first. Default: the document's own origin. */
  readonly servers?: readonly ServerObject[];
}
