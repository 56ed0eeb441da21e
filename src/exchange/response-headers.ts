import type { ServerResponse } from 'node:http';
import { parseCacheControl } from '../caching/cache-control';
import { BoundedMemo } from '../http/bounded-memo';
import { type ResponseHeaderMap, type ResponsePolicy, correctResponseHeaders, responsePolicyHeaders } from '../caching/response-policy';

/** Headers as the dispatcher builds them, by lower-case name. */
export type HeaderBag = Record<string, string | string[]>;

/**
 * The headers already set on the response (by earlier middleware, or by the handler through
 * `ctx.res`), so that the corrections apply to them too: a PUT answer carries no `Expires`, whoever set it.
 */
export function presetHeaders(res: ServerResponse): HeaderBag {
  const result: HeaderBag = {};
  const headers = res.getHeaders();
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    result[name] = typeof value === 'number' ? String(value) : value;
  }
  return result;
}

/** Lower-cases header names so that a handler's `ETag` and the policy's `etag` are one header. */
export function normaliseHeaders(headers: Readonly<Record<string, string>>): HeaderBag {
  const result: HeaderBag = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

/**
 * The cache headers of a successful response: the route's policy (Cache-Control, Expires, Date)
 * under what the handler set, then corrected for the method (no-store on unsafe methods, the
 * one-year clamp, Last-Modified not after Date).
 */
export function cacheHeaders(method: string, policy: ResponsePolicy | undefined, handlerHeaders: HeaderBag, now: number): ResponseHeaderMap {
  if (!hasCacheFields(handlerHeaders)) return withCorrectedPolicy(policyHeadersAt(policy, method, now), handlerHeaders);
  const base = policy === undefined ? {} : responsePolicyHeaders(policy, method, now);
  return correctResponseHeaders({ ...base, ...handlerHeaders }, method, now);
}

/** The fields the corrections read or write; the others pass through them unchanged. */
const CACHE_FIELDS = ['date', 'cache-control', 'expires', 'last-modified'] as const;

function hasCacheFields(headers: HeaderBag): boolean {
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

function withCorrectedPolicy(policy: CorrectedPolicy, handlerHeaders: HeaderBag): ResponseHeaderMap {
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
 * Whether a response may be stored by some cache and so must carry a validator (spec, Caching
 * rules): a 200 to GET or HEAD, or to POST with explicit freshness, without `no-store`.
 */
export function isCacheable(method: string, status: number, headers: ResponseHeaderMap): boolean {
  if (status !== 200 && status !== 203) return false;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return false;
  const field = headers['cache-control'];
  if (typeof field !== 'string') return parseCacheControl(field).noStore !== true;
  return !noStoreByField.get(field, saysNoStore);
}

/** Whether a Cache-Control field value says `no-store`, per distinct value (routes have few). */
const noStoreByField = new BoundedMemo<string, boolean>(256);

function saysNoStore(field: string): boolean {
  return parseCacheControl(field).noStore === true;
}

/**
 * The headers of a 304 (RFC 9110 section 15.4.5): those a 200 would have carried, minus the ones
 * that describe a body.
 */
export function notModifiedHeaders(headers: ResponseHeaderMap): ResponseHeaderMap {
  const { 'content-type': _type, 'content-length': _length, 'content-encoding': _encoding, ...rest } = headers;
  return rest;
}
