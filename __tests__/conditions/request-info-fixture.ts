import type { IncomingHttpHeaders } from 'node:http';
import { type RequestInfo, createRequestInfo } from '../../src/conditions/request-info';

/** A request as route conditions see it: method, URL (with query) and lower-case headers. */
export interface RequestFixture {
  readonly method?: string;
  readonly url?: string;
  readonly headers?: IncomingHttpHeaders;
  /** Adds `Content-Length` so that the request has a body. */
  readonly body?: boolean;
}

export function requestInfo({ method = 'GET', url = '/', headers = {}, body = false }: RequestFixture = {}): RequestInfo {
  return createRequestInfo(method, url, body ? { 'content-length': '2', ...headers } : headers);
}
