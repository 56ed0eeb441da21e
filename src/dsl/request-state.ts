/**
 * The per-request state hooks set and handlers read (`ctx.state.user`, or `ctx.get('user')`),
 * typed from the hooks a router and a route use.
 */
export interface StateAccess<T> {
  /** The request's state: what the hooks set, by name. */
  readonly state: T;
  /** The value a hook set under `name` (Hono's `c.get`). */
  get<K extends keyof T>(name: K): T[K];
  /** Sets `name` for the hooks and the handler after this one (Hono's `c.set`). */
  set<K extends keyof T>(name: K, value: T[K]): void;
}
