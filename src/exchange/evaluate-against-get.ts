import type { Validators } from '../caching/conditional-request';
import { strongEntityTag } from '../caching/entity-tag';
import { createRequestInfo } from '../conditions/request-info';
import { valueKindOf } from '../converters/body-kind';
import { HttpError } from '../errors/http-error';
import type { Route } from '../routing/route';
import { selectRoute } from '../routing/route-selection';
import { type ValidatorSource, versionValidators } from '../validators';
import { bindContext } from './context-binder';
import type { Context, Exchange } from './exchange';
import { answerPreconditions } from './preconditions';
import { validatorHeaders } from './representation-writer';
import { normaliseHeaders } from './response-headers';
import { toResult } from './result-writer';

type Hook = (context: Context) => ValidatorSource | Promise<ValidatorSource>;

/** The current state of a resource as its GET route sees it: validators per representation. */
interface CurrentState {
  readonly exists: boolean;
  /** One entry per representation (a version's tags: its own, and one per representation name). */
  readonly validators: readonly Validators[];
}

const NONE: CurrentState = { exists: false, validators: [] };

/**
 * The representation names a version's tags can carry at one path (`json`, `xml`: a media
 * type's subtype), from every route there, each route's worked out when it was
 * declared. A client's tag of a version names one of these or none.
 */
export function representationNames(candidates: readonly Route[]): readonly string[] {
  if (candidates.length === 1) return candidates[0]!.tagNames;
  return [...new Set(candidates.flatMap((route) => route.tagNames))];
}

/**
 * Finds the current validators of the resource by asking its GET route: its `.etag()` hook when it
 * has one, else its handler (GET is safe, RFC 9110 section 9.2.1), whose value is written in every
 * representation the route offers to get each one's strong ETag. This is what gives optimistic
 * concurrency to any resource whose GET gives a validator.
 */
async function currentState(exchange: Exchange): Promise<CurrentState> {
  const { candidates, incoming } = exchange;
  const get = createRequestInfo('GET', incoming.url ?? '/', { ...incoming.headers, accept: '*/*' });
  const selection = selectRoute(candidates, get);
  if (selection.kind !== 'route') return NONE;
  const route = selection.route;
  let context: Context;
  try {
    context = bindContext(exchange.towards(route, get));
  } catch {
    return NONE;
  }
  const hook = route.options.etag as Hook | undefined;
  if (hook !== undefined) {
    const validators = versionValidators(await hook(context), representationNames(candidates));
    return validators.length === 0 ? NONE : { exists: true, validators };
  }
  let value: unknown;
  try {
    value = await route.handler(context);
  } catch (error) {
    if (error instanceof HttpError && (error.status === 404 || error.status === 410)) return NONE;
    throw error;
  }
  const result = toResult(value);
  if (result.status !== 200 || result.body === undefined) return { exists: result.status < 300, validators: [] };
  if (result.validators !== undefined && result.validators !== null) {
    return { exists: true, validators: versionValidators(result.validators, representationNames(candidates)) };
  }
  // ETag or Last-Modified set as plain headers: the validators the GET answers its own conditions from.
  const headers = validatorHeaders(normaliseHeaders(result.headers));
  if (headers !== undefined) return { exists: true, validators: [headers] };
  const kind = valueKindOf(result.body);
  const validators: Validators[] = [];
  for (const mediaType of route.offers(kind)) {
    const converter = route.registry.findWriter(kind, mediaType);
    if (converter === undefined) continue;
    const written = await converter.write(result.body, { mediaType, rootName: route.xmlRoot });
    validators.push({ etag: strongEntityTag(written.text ?? written.body) });
  }
  return { exists: true, validators };
}

/**
 * Answers the preconditions of an unsafe request whose route has no `.etag()` hook against the
 * resource's current state (412 thrown). With several representations, If-Match passes when the
 * client's tag is that of any of them, and If-None-Match fails when it is that of any of them.
 */
export async function evaluateAgainstGet(exchange: Exchange): Promise<void> {
  const state = await currentState(exchange);
  answerPreconditions(exchange, state.validators, state.exists);
}
