/** The name inside `{...}`: `id` for `{id}`, `{id:\d+}` and `{*id}`. */
type PlaceholderName<P extends string> = P extends `*${infer N}` ? N : P extends `${infer N}:${string}` ? N : P;

/** The placeholder names of a path template, as a union. */
export type PlaceholderNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? PlaceholderName<P> | PlaceholderNames<Rest>
  : never;

/** The bound path values of a template: `'/users/{id}'` gives `{ readonly id: string }`. */
export type PathParams<S extends string> = { readonly [K in PlaceholderNames<S>]: string };
