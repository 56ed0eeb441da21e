import { mappingsTie } from './request-mapping';
import type { Route } from './route';
import { RouteIndex } from './route-index';

/** Thrown when two routes would tie for some request. */
export class AmbiguousMappingError extends Error {
  constructor(existing: string, added: string) {
    super(`Ambiguous mapping: '${added}' would tie with the already declared '${existing}' for some requests`);
    this.name = 'AmbiguousMappingError';
  }
}

/**
 * The routes of a router and of every router mounted in it, however deep: one segment index that
 * the outermost router dispatches from, one ambiguity check over them all, one declaration order.
 */
export class RouteTree {
  readonly index = new RouteIndex<Route>();
  private readonly byShape = new Map<string, Route[]>();
  private readonly table: Route[] = [];

  /** The routes, in the order they were added. */
  get routes(): readonly Route[] {
    return this.table;
  }

  /** The order the next route added takes: the server's preference when nothing else decides. */
  get nextOrder(): number {
    return this.table.length;
  }

  /**
   * Adds routes, all or none: each is checked against the routes already here and those before
   * it in `routes`, and an {@link AmbiguousMappingError} leaves the tree as it was.
   */
  add(routes: readonly Route[]): void {
    const pending = new Map<string, Route[]>();
    for (const route of routes) {
      const key = route.mapping.template.shapeKey;
      const sameShape = [...(this.byShape.get(key) ?? []), ...(pending.get(key) ?? [])];
      const rival = sameShape.find((other) => mappingsTie(other.mapping, route.mapping));
      if (rival !== undefined) throw new AmbiguousMappingError(rival.description, route.description);
      pending.set(key, [...(pending.get(key) ?? []), route]);
    }
    for (const route of routes) {
      const key = route.mapping.template.shapeKey;
      const sameShape = this.byShape.get(key);
      if (sameShape === undefined) this.byShape.set(key, [route]);
      else sameShape.push(route);
      this.table.push(route);
      this.index.add(route);
    }
  }
}
