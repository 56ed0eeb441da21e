/** The name inside `{...}`: `id` for `{id}`, `{id:\d+}` and `{*id}`. */
type PlaceholderName<P extends string> = P extends `*${infer N}` ? N : P extends `${infer N}:${string}` ? N : P;

/**
 * The placeholder names of a path template, as a union. A placeholder's pattern may hold balanced
 * braces (`{code:[a-z]{2}\d{3}}`), as the template parser allows.
 */
export type PlaceholderNames<S extends string> = S extends `${string}{${infer Rest}`
  ? PlaceholderBody<Rest, ''> extends [infer P extends string, infer After extends string]
    ? PlaceholderName<P> | PlaceholderNames<After>
    : never
  : never;

/**
 * Reads a placeholder's text up to the `}` that closes it, counting nested braces: answers the text
 * and what follows, or `never` when it is not closed. `Depth` counts the braces open inside it;
 * a backslash escapes the character after it.
 */
type PlaceholderBody<S extends string, Read extends string, Depth extends unknown[] = []> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? // An escaped character (`\{`, `\}`) is part of the pattern, as the template parser reads it.
      Rest extends `${infer Escaped}${infer After}`
      ? PlaceholderBody<After, `${Read}\\${Escaped}`, Depth>
      : never
    : C extends '}'
    ? Depth extends [unknown, ...infer Outer]
      ? PlaceholderBody<Rest, `${Read}}`, Outer>
      : [Read, Rest]
    : C extends '{'
      ? PlaceholderBody<Rest, `${Read}{`, [...Depth, unknown]>
      : PlaceholderBody<Rest, `${Read}${C}`, Depth>
  : never;

/** The bound path values of a template: `'/users/{id}'` gives `{ readonly id: string }`. */
export type PathParams<S extends string> = { readonly [K in PlaceholderNames<S>]: string };

/** A route's whole path template: the router's prefix, when it is a literal, then the route's own. */
export type Prefixed<P extends string, S extends string> = string extends P ? S : `${P}${S}`;
