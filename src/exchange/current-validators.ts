import type { Request, Response } from 'express';
import { type PreconditionOutcome, type Validators, evaluatePreconditionsOverRepresentations } from '../caching/conditional-request';
import { strongEntityTag } from '../caching/entity-tag';
import { type RequestInfo, createRequestInfo } from '../conditions/request-info';
import { BODY_KINDS, valueKindOf } from '../converters/body-kind';
import type { RequestContext } from '../dsl/request-context';
import { HttpError } from '../errors/http-error';
import type { RequestSegment } from '../routing/request-path';
import type { Route } from '../routing/route';
import { selectRoute } from '../routing/route-selection';
import { type ValidatorSource, versionValidators } from '../validators';
import { bindContext } from './context-binder';
import { representationName } from '../exchange/representation';
import { validatorHeaders } from './representation-writer';
import { normaliseHeaders } from './response-headers';
import { toResult } from './result-writer';

type Context = RequestContext<unknown, unknown, unknown, unknown, unknown>;
type Hook = (context: Context) => ValidatorSource | Promise<ValidatorSource>;

/** The current state of a resource as its GET route sees it: validators per representation. */
interface CurrentState {
  readonly exists: boolean;
  /** One entry per representation (a version's tags: its own, and one per representation name). */
  readonly validators: readonly Validators[];
}

const NEVER_ABORTED = new AbortController().signal;

const NONE: CurrentState = { exists: false, validators: [] };

const namesByRoute = new WeakMap<Route, readonly string[]>();

/** The representation names of one route's versioned tags: those of each kind it writes in more than one type. */
function namesOf(route: Route): readonly string[] {
  let names = namesByRoute.get(route);
  if (names === undefined) {
    const found = new Set<string>();
    for (const kind of BODY_KINDS) {
      const offers = route.offers(kind);
      if (offers.length > 1) for (const offer of offers) found.add(representationName(offer));
    }
    names = [...found];
    namesByRoute.set(route, names);
  }
  return names;
}

/**
 * The representation names a version's tags can carry at one path (`json`, `xml`: see
 * {@link representationName}), from every route there, each route's worked out once. A client's
 * tag of a version names one of these or none.
 */
export function representationNames(candidates: readonly Route[]): readonly string[] {
  if (candidates.length === 1) return namesOf(candidates[0]!);
  return [...new Set(candidates.flatMap(namesOf))];
}

/** Whether a request carries a precondition that needs the resource's current validators. */
export function hasPreconditions(request: RequestInfo): boolean {
  const h = request.headers;
  return h['if-match'] !== undefined || h['if-none-match'] !== undefined || h['if-unmodified-since'] !== undefined;
}

/**
 * Finds the current validators of the resource by asking its GET route: its `.etag()` hook when it
 * has one, else its handler (GET is safe, RFC 9110 section 9.2.1), whose value is written in every
 * representation the route offers to get each one's strong ETag. This is what gives optimistic
 * concurrency to any resource whose GET gives a validator.
 */
async function currentState(candidates: readonly Route[], segments: readonly RequestSegment[], req: Request, res: Response, origin: string): Promise<CurrentState> {
  const get = createRequestInfo('GET', req.url, { ...req.headers, accept: '*/*' });
  const selection = selectRoute(candidates, get);
  if (selection.kind !== 'route') return NONE;
  const route = selection.route;
  let context: Context;
  try {
    context = bindContext(route, segments, get, { req, res, origin, mountPath: req.baseUrl, signal: NEVER_ABORTED }, undefined);
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
    validators.push({ etag: strongEntityTag(written.body) });
  }
  return { exists: true, validators };
}

/**
 * Evaluates the preconditions of an unsafe request whose route has no `.etag()` hook against the
 * resource's current state. With several representations, If-Match passes when the client's tag is
 * that of any of them, and If-None-Match fails when it is that of any of them, each decided on its
 * own ({@link evaluatePreconditionsOverRepresentations}).
 */
export async function evaluateAgainstGet(
  candidates: readonly Route[],
  segments: readonly RequestSegment[],
  request: RequestInfo,
  req: Request,
  res: Response,
  origin: string,
): Promise<PreconditionOutcome> {
  const state = await currentState(candidates, segments, req, res, origin);
  const outcome = evaluatePreconditionsOverRepresentations({ method: request.method, requestHeaders: request.headers, exists: state.exists }, state.validators);
  // An unsafe method never gets a 304 (RFC 9110 section 13.1.2): what is not a success is a 412.
  return outcome === 'proceed' ? 'proceed' : 'precondition-failed';
}
