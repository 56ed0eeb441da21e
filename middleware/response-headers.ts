import type { ServerResponse } from 'node:http';
import { parseCacheControl } from '../src/caching/cache-control';
import { type ResponseHeaderMap, type ResponsePolicy, correctResponseHeaders, responsePolicyHeaders } from '../src/caching/response-policy';

/** Headers as the dispatcher builds them, by lower-case name. */
export type HeaderBag = Record<string, string | string[]>;

/**
 * The headers already set on the response (by earlier middleware, or by the handler through
 * `ctx.res`), so that the corrections apply to them too: a PUT answer carries no `Expires`, whoever set it.
 */
export function presetHeaders(res: ServerResponse): HeaderBag {
  const result: HeaderBag = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
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
  const base = policy === undefined ? {} : responsePolicyHeaders(policy, method, now);
  return correctResponseHeaders({ ...base, ...handlerHeaders }, method, now);
}

/**
 * Whether a response may be stored by some cache and so must carry a validator (spec, Caching
 * rules): a 200 to GET or HEAD, or to POST with explicit freshness, without `no-store`.
 */
export function isCacheable(method: string, status: number, headers: ResponseHeaderMap): boolean {
  if (status !== 200 && status !== 203) return false;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return false;
  return parseCacheControl(headers['cache-control']).noStore !== true;
}

/**
 * The headers of a 304 (RFC 9110 section 15.4.5): those a 200 would have carried, minus the ones
 * that describe a body.
 */
export function notModifiedHeaders(headers: ResponseHeaderMap): ResponseHeaderMap {
  const { 'content-type': _type, 'content-length': _length, 'content-encoding': _encoding, ...rest } = headers;
  return rest;
}
