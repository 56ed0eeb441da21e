import type { Request } from 'express';
import type { Awaitable, FinishedResponse, HookContext, HookSecurity, OutgoingHead } from '../dsl/hooks';
import type { RequestContext } from '../dsl/request-context';
import type { ResponseEntity } from '../response-entity';

/** An `onRequest` hook as the pipeline calls it: `ANSWERED` when it wrote the response itself. */
export type ArrivalHook = (context: HookContext<Record<string, unknown>>) => Awaitable<void | symbol>;
/** A `preHandler` hook as the pipeline calls it. */
export type GuardHook = (context: RequestContext<unknown, unknown, unknown, unknown, unknown, unknown, Record<string, unknown>>) => Awaitable<void | ResponseEntity>;
/** An `onSend` hook as the pipeline calls it. */
export type SendHook = (context: HookContext<Record<string, unknown>>, head: OutgoingHead) => void;
/** An `onResponse` hook as the pipeline calls it. */
export type FinishHook = (context: HookContext<Record<string, unknown>>, finished: FinishedResponse) => void;
/** An `onError` hook as the pipeline calls it. */
export type ErrorHook = (error: unknown, req: Request) => void;

/**
 * The hooks of a router or a route, one list per point, settled when it is declared: a point
 * without hooks is `undefined`, so that the pipeline tests it and allocates nothing for it.
 */
export interface HookPoints {
  readonly onRequest: readonly ArrivalHook[] | undefined;
  readonly preHandler: readonly GuardHook[] | undefined;
  readonly onSend: readonly SendHook[] | undefined;
  readonly onResponse: readonly FinishHook[] | undefined;
  readonly onError: readonly ErrorHook[] | undefined;
  /** The security schemes the hooks declare, for the OpenAPI document; no per-request work. */
  readonly security: readonly HookSecurity[] | undefined;
}
