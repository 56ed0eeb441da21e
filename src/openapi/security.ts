import type { HookSecurity, SecurityScheme } from '../dsl/hooks';
import type { SecurityRequirementObject } from './openapi-types';
import type { RouteFacts } from './route-facts';

/** Whether a route's hooks declare security for `method`: its guard may refuse the request (401, 403, 400). */
export function securedFor(facts: RouteFacts, method: string): boolean {
  return facts.security.some((declared) => declared.methods === undefined || declared.methods.includes(method));
}

/** The declarations of the routes of an operation that apply to its method. */
function declarations(routes: readonly RouteFacts[], method: string): HookSecurity[] {
  return routes.flatMap((facts) => facts.security.filter((declared) => declared.methods === undefined || declared.methods.includes(method)));
}

/**
 * The security an operation requires (OpenAPI section 4.8.30): one requirement naming every scheme
 * the hooks of its routes declare for its method (all of them are checked, so all are required),
 * with their scopes; `undefined` when none is declared.
 */
export function operationSecurity(routes: readonly RouteFacts[], method: string): SecurityRequirementObject[] | undefined {
  const declared = declarations(routes, method);
  if (declared.length === 0) return undefined;
  const requirement: Record<string, string[]> = {};
  for (const { name, scopes = [] } of declared) requirement[name] = [...new Set([...(requirement[name] ?? []), ...scopes])];
  return [requirement];
}

/**
 * The `components.securitySchemes` of the routes' declarations, by name; `undefined` when there
 * are none. Two different schemes under one name are an error: the document could name only one.
 */
export function securitySchemes(routes: readonly RouteFacts[]): Record<string, SecurityScheme> | undefined {
  let schemes: Record<string, SecurityScheme> | undefined;
  for (const facts of routes) {
    for (const { name, scheme } of facts.security) {
      const known = schemes?.[name];
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(scheme)) {
        throw new Error(`Two security schemes are declared as '${name}': ${JSON.stringify(known)} and ${JSON.stringify(scheme)}`);
      }
      (schemes ??= {})[name] = scheme;
    }
  }
  return schemes;
}
