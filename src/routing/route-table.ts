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

/** A router's rows and the routers mounted in it, for {@link formatRouteTree}. */
export interface RouteTreeNode {
  /** The router's full path prefix (`/api/v2`), `/` at the root. */
  readonly prefix: string;
  readonly rows: readonly RouteInfo[];
  readonly children: readonly RouteTreeNode[];
}

/**
 * The route table of a router and the routers mounted in it: its own routes as
 * {@link formatRouteTable} writes them, then each mounted router's full prefix followed by a colon
 * and its routes indented under it, as deep as they nest. A router with none mounted prints as its table.
 */
export function formatRouteTree(node: RouteTreeNode, indent = ''): string {
  const own = node.rows.length === 0 ? [] : formatRouteTable(node.rows).split('\n').map((line) => `${indent}${line}`);
  const nested = node.children.flatMap((child) => [`${indent}${child.prefix}:`, ...(child.rows.length + child.children.length === 0 ? [] : [formatRouteTree(child, `${indent}  `)])]);
  return [...own, ...nested].join('\n');
}
