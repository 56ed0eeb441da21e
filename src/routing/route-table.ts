import type { Route, RouteInfo } from './route';

/** The table row of a route. */
export function routeInfo(route: Route): RouteInfo {
  const { mapping } = route;
  return {
    methods: mapping.methods.methods,
    path: mapping.template.text,
    params: mapping.params.toString(),
    headers: mapping.headers.toString(),
    consumes: mapping.consumes.mediaTypes(),
    produces: mapping.produces.mediaTypes(),
    description: route.description,
  };
}

/** The route table as aligned text, one route a line, sorted by path then method (like Fastify's printRoutes). */
export function formatRouteTable(rows: readonly RouteInfo[]): string {
  const sorted = [...rows].sort((a, b) => a.path.localeCompare(b.path) || a.methods.join().localeCompare(b.methods.join()));
  const methodWidth = Math.max(6, ...sorted.map((r) => (r.methods.join('|') || '*').length));
  return sorted
    .map((r) => {
      const extras = [
        r.params && `params: ${r.params}`,
        r.headers && `headers: ${r.headers}`,
        r.consumes.length > 0 && `consumes: ${r.consumes.join(', ')}`,
        r.produces.length > 0 && `produces: ${r.produces.join(', ')}`,
      ].filter(Boolean);
      const line = `${(r.methods.join('|') || '*').padEnd(methodWidth)}  ${r.path}`;
      return extras.length > 0 ? `${line}  [${extras.join('; ')}]` : line;
    })
    .join('\n');
}
