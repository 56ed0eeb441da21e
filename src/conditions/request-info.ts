import type { IncomingHttpHeaders } from 'node:http';
import { type MediaRange, parseAccept } from '../http/accept-header';
import { BoundedMemo } from '../http/bounded-memo';
import type { MediaType, parseContentType } from '../http/media-type';
import { readMediaType } from '../http/media-type-reader';
import { type QueryParameters, type QuerySource, parseQuery } from '../http/query-parameters';

/** Content-Type fields parsed, per distinct text (requests send few), frozen since they are shared. */
const parsedContentTypes = new BoundedMemo<string, MediaType | undefined>(1000);

/** The Content-Type as {@link parseContentType} reads it, frozen; `undefined` when it does not parse (415), without an exception. */
function frozenMediaType(text: string): MediaType | undefined {
  const read = readMediaType(text, 'refuse');
  if (typeof read === 'string') return undefined;
  Object.freeze(read.parameters);
  return Object.freeze(read);
}

/** What route conditions look at: a plain view of a request, parsed lazily and at most once. */
export interface RequestInfo extends QuerySource {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  /** Every query parameter, parsed on first use (a route's query bindings read theirs with the route's compiled query reader). */
  readonly query: QueryParameters;
  /** The Content-Type, `application/octet-stream` when absent; `undefined` when it does not parse. */
  readonly contentType: MediaType | undefined;
  /** Whether the request has a body (RFC 9112 section 6.3: Content-Length > 0 or Transfer-Encoding). */
  readonly hasBody: boolean;
  /** The Accept the request is answered by: its own, or the one the format its URL names stands for. */
  readonly accept: readonly MediaRange[];
  /**
   * The format the URL names (`xml` of `/users/7.xml` or `?format=xml`) when the router takes
   * formats: it chose the representation, not Accept.
   */
  readonly format?: string;
}

/** A format a request's URL names, and the Accept it stands for. */
export interface NamedFormat {
  readonly name: string;
  readonly accept: readonly MediaRange[];
}

const OCTET_STREAM: MediaType = Object.freeze({ type: 'application', subtype: 'octet-stream', parameters: {} });

/**
 * A {@link RequestInfo} over a method, a URL and headers; each part is parsed on first use. A
 * `format` the URL names replaces Accept.
 */
export function createRequestInfo(method: string, url: string, headers: IncomingHttpHeaders, format?: NamedFormat): RequestInfo {
  return new LazyRequestInfo(method, url, headers, format);
}

/** One object per request, its parts parsed on first use (getters on the prototype, no closures). */
class LazyRequestInfo implements RequestInfo {
  readonly method: string;
  readonly headers: IncomingHttpHeaders;
  readonly #url: string;
  readonly format: string | undefined;
  #search: string | undefined = undefined;
  #query: QueryParameters | undefined = undefined;
  #contentType: MediaType | undefined | null = null;
  #accept: readonly MediaRange[] | undefined = undefined;

  constructor(method: string, url: string, headers: IncomingHttpHeaders, format: NamedFormat | undefined) {
    this.method = method;
    this.headers = headers;
    this.#url = url;
    this.format = format?.name;
    if (format !== undefined) this.#accept = format.accept;
  }

  get search(): string {
    if (this.#search === undefined) {
      const q = this.#url.indexOf('?');
      this.#search = q === -1 ? '' : this.#url.slice(q + 1);
    }
    return this.#search;
  }

  get query(): QueryParameters {
    return (this.#query ??= parseQuery(this.search));
  }

  get contentType(): MediaType | undefined {
    if (this.#contentType === null) {
      const header = this.headers['content-type'];
      this.#contentType = header === undefined || header === '' ? OCTET_STREAM : parsedContentTypes.get(header, frozenMediaType);
    }
    return this.#contentType;
  }

  get hasBody(): boolean {
    const length = this.headers['content-length'];
    return this.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  }

  get accept(): readonly MediaRange[] {
    return (this.#accept ??= parseAccept(this.headers.accept));
  }
}
