import type { CompiledBinding } from '../binding/value-binding';
import type { BodyToken } from '../dsl/body-types';
import type { RequestContext } from '../dsl/request-context';
import type { PathTemplate } from './path-template';
import type { RequestMapping } from './request-mapping';

/** A handler as the dispatcher calls it; the DSL types it precisely for users. */
export type AnyHandler = (context: RequestContext<unknown, unknown, unknown, unknown, unknown>) => unknown;

/** A compiled route: everything about it settled when it was declared. */
export interface Route {
  /** Declaration order: the server's preference when nothing else decides. */
  readonly order: number;
  readonly mapping: RequestMapping;
  readonly template: PathTemplate;
  readonly bindings: readonly CompiledBinding[];
  /** For matrix bindings with `pathVar`: the segment index of that placeholder. */
  readonly matrixSegments: ReadonlyMap<string, number>;
  readonly body: BodyToken | undefined;
  readonly handler: AnyHandler;
  /** One line for the route table and error messages. */
  readonly description: string;
}

/** One row of the route table returned by `router.routes()`. */
export interface RouteInfo {
  readonly methods: readonly string[];
  readonly path: string;
  readonly params: string;
  readonly headers: string;
  readonly consumes: readonly string[];
  readonly produces: readonly string[];
  readonly description: string;
}
