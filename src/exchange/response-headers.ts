import type { ServerResponse } from 'node:http';
import { type CacheControl, parseCacheControl } from '../caching/cache-control';
import type { ResponseHeaderMap } from '../caching/header-map';
import { formatHttpDate } from '../caching/http-date';
import { type ResponsePolicy, correctResponseHeaders, responsePolicyHeaders } from '../caching/response-policy';
import { isStorable } from '../caching/storability';
import { BoundedMemo } from '../http/bounded-memo';
import { REPRESENTATION_FIELDS } from '../http/representation-fields';

/** What a response answers with: a representation (a 200, a 201, ...), a 304 in place of one, or a problem document. */
export type Answer = 'representation' | 'not-modified' | 'problem';

/** What a representation's or a 304's final header set depends on besides the headers themselves. */
export interface RepresentationFinishing {
  /** The request method: an unsafe method's answer is never fresh (spec, Caching rules 3). */
  readonly method: string;
  /** The route's caching policy. */
  readonly policy: ResponsePolicy | undefined;
  /** The clock: Date, Expires and the policy's second. */
  readonly now: number;
  /** Whether Accept chose the representation, so that caches key it by Accept. */
  readonly varies: boolean;
  /** The surrogate key field lines the response is tagged with (`Surrogate-Key: user:7`), when it is. */
  readonly surrogateKeys?: readonly (readonly [string, string])[] | undefined;
  /**
   * The other request fields the route's answer depends on (`Cookie` when it binds a cookie): the
   * response names them in Vary (RFC 9110 section 12.5.5), so that a cache reuses it only for a
   * request that carries the same values (RFC 9111 section 4.1).
   */
  readonly varyFields?: readonly string[];
}

/** What a problem's final header set depends on besides the headers set before it. */
export interface ProblemFinishing {
  /** The clock, for Date. */
  readonly now: number;
  /** Whether Accept chose the problem's syntax. */
  readonly varies: boolean;
  /** The problem's own fields (its Content-Type, the error's Allow or Retry-After), set over the headers kept. */
  readonly own: ResponseHeaderMap;
}

/**
 * The header set a response ends with, the one place it is decided for every answer the router
 * writes, from the headers set so far (the app's middleware, the handler's, the validators):
 *
 * - a representation: the route's policy (Cache-Control, Expires, Date) under what the handler set,
 *   corrected for the method (no-store on unsafe methods, the one-year clamp, Last-Modified not
 *   after Date), `Vary: Accept` when Accept chose it (RFC 9110 section 12.5.5), and its surrogate keys;
 * - a 304: what the 200 would have carried, minus the fields that describe a body (RFC 9110
 *   section 15.4.5);
 * - a problem: the fields of the representation it replaces dropped (what the app's middleware set
 *   for every answer, CORS, HSTS, a request id, stays), `no-store` (a problem is not stored) and Date.
 *
 * `send` adds `nosniff` to each, as to everything the router writes (a problem's detail quotes the client).
 */
export function finaliseHeaders(answer: 'representation' | 'not-modified', headers: ResponseHeaderMap, finishing: RepresentationFinishing): ResponseHeaderMap;
export function finaliseHeaders(answer: 'problem', preset: ResponseHeaderMap, finishing: ProblemFinishing): ResponseHeaderMap;
export function finaliseHeaders(answer: Answer, headers: ResponseHeaderMap, finishing: RepresentationFinishing | ProblemFinishing): ResponseHeaderMap {
  if ('own' in finishing) return problemHeaders(headers, finishing);
  const final = cacheHeaders(finishing.method, finishing.policy, headers, finishing.now);
  if (finishing.varies) varyOn(final, 'Accept');
  if (finishing.varyFields !== undefined) for (const field of finishing.varyFields) varyOn(final, field);
  // Kept on a 304 too: a cache that freshens its stored response with the 304's fields keeps its keys.
  if (finishing.surrogateKeys !== undefined) for (const [name, value] of finishing.surrogateKeys) final[name] = value;
  return answer === 'not-modified' ? notModifiedInstead(final) : final;
}

/**
 * The headers of a 304 in place of a 200 whose headers {@link finaliseHeaders} already gave: the
 * ones that describe a body go.
 */
export function notModifiedInstead(final: ResponseHeaderMap): ResponseHeaderMap {
  const { 'content-type': _type, 'content-length': _length, 'content-encoding': _encoding, ...rest } = final;
  return rest;
}


function problemHeaders(headers: ResponseHeaderMap, { now, varies, own }: ProblemFinishing): ResponseHeaderMap {
  const result: ResponseHeaderMap = {};
  for (const name in headers) if (!REPRESENTATION_FIELDS.has(name)) result[name] = headers[name]!;
  for (const name in own) result[name] = own[name]!;
  result['cache-control'] = 'no-store';
  result.date = formatHttpDate(now);
  if (varies) varyOn(result, 'Accept');
  return result;
}

/**
 * Adds a request field to a response's Vary, the one place the router says a response varies by
 * Accept (or by a cookie it bound) (RFC 9110 section 12.5.5): kept once, and not beside `*`.
 */
function varyOn(headers: ResponseHeaderMap, field: string): void {
  const current = headers.vary;
  if (current === undefined) {
    headers.vary = field;
    return;
  }
  const list = (Array.isArray(current) ? current.join(',') : current).split(',').map((v) => v.trim()).filter(Boolean);
  const name = field.toLowerCase();
  if (!list.some((v) => v.toLowerCase() === name || v === '*')) list.push(field);
  headers.vary = list.join(', ');
}

/**
 * The headers already set on the response (by earlier middleware, or by the handler through
 * `ctx.res`), so that the corrections apply to them too: a PUT answer carries no `Expires`, whoever set it.
 */
export function presetHeaders(res: ServerResponse): ResponseHeaderMap {
  const result: ResponseHeaderMap = {};
  const headers = res.getHeaders();
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    result[name] = typeof value === 'number' ? String(value) : value;
  }
  return result;
}

/** Lower-cases header names so that a handler's `ETag` and the policy's `etag` are one header. */
export function normaliseHeaders(headers: Readonly<Record<string, string>>): ResponseHeaderMap {
  const result: ResponseHeaderMap = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

/**
 * The cache headers of a successful response: the route's policy (Cache-Control, Expires, Date)
 * under what the handler set, then corrected for the method.
 */
function cacheHeaders(method: string, policy: ResponsePolicy | undefined, handlerHeaders: ResponseHeaderMap, now: number): ResponseHeaderMap {
  if (!hasCacheFields(handlerHeaders)) return withCorrectedPolicy(policyHeadersAt(policy, method, now), handlerHeaders);
  const base = policy === undefined ? {} : responsePolicyHeaders(policy, method, now);
  return correctResponseHeaders({ ...base, ...handlerHeaders }, method, now);
}

/** The fields the corrections read or write; the others pass through them unchanged. */
const CACHE_FIELDS = ['date', 'cache-control', 'expires', 'last-modified'] as const;

function hasCacheFields(headers: ResponseHeaderMap): boolean {
  // Present even as `undefined`: spread over the policy, that would hide the policy's field.
  for (const name of CACHE_FIELDS) if (name in headers) return true;
  return false;
}

/**
 * The corrected policy headers, split as {@link correctResponseHeaders} orders them: the policy's
 * own fields come first, fields the corrections add (Date, a `no-store`) after the others.
 */
interface CorrectedPolicy {
  readonly leading: readonly (readonly [string, string | string[]])[];
  readonly trailing: readonly (readonly [string, string | string[]])[];
}

interface PolicyMemo {
  second: number;
  readonly byMethod: Map<string, CorrectedPolicy>;
}

const NO_POLICY = {};
const policyMemos = new WeakMap<object, PolicyMemo>();

/**
 * `correctResponseHeaders(responsePolicyHeaders(policy, method, now))`, worked out once per
 * policy, method and second. When the handler set none of {@link CACHE_FIELDS}, that is all the
 * corrections depend on: every field they read or write comes from the policy, and they have
 * one-second resolution (HTTP-dates).
 */
function policyHeadersAt(policy: ResponsePolicy | undefined, method: string, now: number): CorrectedPolicy {
  const key = policy ?? NO_POLICY;
  const second = Math.floor(now / 1000);
  let memo = policyMemos.get(key);
  if (memo === undefined) policyMemos.set(key, (memo = { second, byMethod: new Map() }));
  else if (memo.second !== second) {
    memo.second = second;
    memo.byMethod.clear();
  }
  let corrected = memo.byMethod.get(method);
  if (corrected === undefined) {
    const base: ResponseHeaderMap = policy === undefined ? {} : responsePolicyHeaders(policy, method, now);
    const result = correctResponseHeaders(base, method, now);
    corrected = {
      leading: Object.keys(result).filter((name) => name in base).map((name) => [name, result[name]!] as const),
      trailing: Object.keys(result).filter((name) => !(name in base)).map((name) => [name, result[name]!] as const),
    };
    memo.byMethod.set(method, corrected);
  }
  return corrected;
}

function withCorrectedPolicy(policy: CorrectedPolicy, handlerHeaders: ResponseHeaderMap): ResponseHeaderMap {
  const result: ResponseHeaderMap = {};
  for (const [name, value] of policy.leading) result[name] = typeof value === 'string' ? value : [...value];
  for (const name in handlerHeaders) {
    const value = handlerHeaders[name];
    if (value === undefined) continue;
    result[name] = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : [...value];
  }
  for (const [name, value] of policy.trailing) result[name] = typeof value === 'string' ? value : [...value];
  return result;
}

/**
 * Whether a 200 or 203 may be stored by some cache, private or shared, and so must carry a
 * validator (spec, Caching rules). The rule is the shared cache's ({@link isStorable}, RFC 9111
 * section 3), asked for any cache: a 200 to GET or HEAD, or to POST with explicit freshness,
 * without `no-store`.
 */
export function isCacheable(method: string, status: number, headers: ResponseHeaderMap): boolean {
  if (status !== 200 && status !== 203) return false;
  const field = headers['cache-control'];
  const cacheControl = typeof field === 'string' ? cacheControlByField.get(field, parseCacheControl) : parseCacheControl(field);
  return isStorable({ method, status, requestHeaders: NO_FIELDS, responseHeaders: headers, shared: false, cacheControl });
}

/** A Cache-Control field value parsed, per distinct value (routes have few). */
const cacheControlByField = new BoundedMemo<string, CacheControl>(256);

/** The request fields the question leaves out: whether a response must carry a validator is the route's, not one request's. */
const NO_FIELDS: Readonly<Record<string, string>> = Object.freeze({});
