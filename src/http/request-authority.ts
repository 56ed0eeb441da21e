import { absoluteFormAuthority } from './request-path';
import { type HostAuthority, parseHostField } from './host-field';

/** What {@link requestAuthority} decides: the authority of a request, or why its Host is invalid. */
export type AuthorityDecision =
  | {
      readonly valid: true;
      /** The request's authority; `undefined` for an HTTP/1.0 request without Host (the server's own then stands in). */
      readonly authority: HostAuthority | undefined;
      /** Whether it is an absolute-form target's, which replaces the Host field (RFC 9112 section 3.2.2). */
      readonly fromTarget: boolean;
    }
  | {
      readonly valid: false;
      /** Why, for the 400 problem's detail (the field's text is not echoed). */
      readonly detail: string;
    };

/**
 * Whether a request's Host is valid, and the authority it names: the one place that decides it,
 * for the router and the shared cache alike, before anything uses the Host. RFC 9112 section 3.2:
 * a server answers 400 to a request with more than one Host field line, with a Host that is not
 * `uri-host [ ":" port ]` (empty, or holding userinfo, a path, a query, a fragment, a backslash:
 * {@link parseHostField}), and to an HTTP/1.1 request without Host (HTTP/1.0 may omit it). For an
 * absolute-form target (`GET http://a.example/b HTTP/1.1`) the target's authority is the request's
 * (section 3.2.2: the Host field is ignored, and replaced by it), and must be valid in turn; the Host
 * field is still checked as above, as section 3.2 says of any request.
 *
 * Pure, over node's `rawHeaders` (name, value, name, value...) since its `headers` object keeps only
 * the first of two Host lines; linear in the number of header lines.
 */
export function requestAuthority(rawHeaders: readonly string[], httpVersion: string, target: string): AuthorityDecision {
  let host: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue;
    if (host !== undefined) return invalid('The request has more than one Host field line (RFC 9112 section 3.2)');
    host = rawHeaders[i + 1] ?? '';
  }
  let authority: HostAuthority | undefined;
  if (host === undefined) {
    if (requiresHost(httpVersion)) return invalid('An HTTP/1.1 request must carry a Host field (RFC 9112 section 3.2)');
  } else {
    authority = parseHostField(host);
    if (authority === undefined) {
      return invalid(
        host === ''
          ? 'The Host field is empty: an http URI needs a host (RFC 9110 section 4.2.1)'
          : 'The Host field is not a host with an optional port, uri-host [ ":" port ] (RFC 9112 section 3.2, RFC 3986 section 3.2)',
      );
    }
  }
  const absolute = absoluteFormAuthority(target);
  if (absolute === undefined) return { valid: true, authority, fromTarget: false };
  const own = parseHostField(absolute);
  if (own === undefined) return invalid('The authority of the absolute-form request target is not a host with an optional port (RFC 9112 section 3.2.2)');
  return { valid: true, authority: own, fromTarget: true };
}

/** HTTP/1.1 and later minor versions of HTTP/1 require Host; HTTP/1.0 does not (RFC 9112 section 3.2). */
function requiresHost(httpVersion: string): boolean {
  return httpVersion.startsWith('1.') && httpVersion !== '1.0';
}

function invalid(detail: string): AuthorityDecision {
  return { valid: false, detail };
}
