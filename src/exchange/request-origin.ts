import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequest } from '../errors/http-error';
import { ProblemType } from '../errors/problem-types';
import { type HostAuthority, formatAuthority, parseHostField } from '../http/host-field';
import { type Scheme, formatOrigin } from '../http/origin';
import { requestAuthority } from '../http/request-authority';
import { writeProblemFor } from './problem-writer';
import { requestTarget } from './request-exchange';

/**
 * The origin of a request's target URI (RFC 9112 section 3.3), `scheme://host[:port]`, for the
 * router and the shared cache to name the request by; or, when its Host is invalid
 * ({@link requestAuthority} decides), `undefined` once a 400 problem has answered it.
 *
 * - `configured` (an option, behind a proxy) is the origin whatever the request says; its Host is
 *   still checked.
 * - Otherwise the scheme is the connection's, and the authority the Host's, parsed: never its text.
 * - An absolute-form target's authority replaces the Host field (section 3.2.2): `req.headers.host`
 *   becomes it, so that what the app reads from Host (`req.get('host')`) is what the request is
 *   keyed and answered by.
 * - An HTTP/1.0 request without Host is named by the connection's local address (section 3.3).
 */
export function requestOrigin(req: IncomingMessage, res: ServerResponse, configured: string | undefined): string | undefined {
  const origin = checkedOrigin(req, configured);
  if (typeof origin === 'string') return origin;
  writeProblemFor(req, res, origin);
  return undefined;
}

/**
 * The origin of a request's target URI as {@link requestOrigin} works it out, or the 400 its
 * invalid Host is to be answered with, unwritten: the router answers it after its arrival hooks.
 */
export function checkedOrigin(req: IncomingMessage, configured: string | undefined): string | BadRequest {
  const decision = requestAuthority(req.rawHeaders, req.httpVersion, requestTarget(req));
  if (!decision.valid) return new BadRequest(decision.detail, { type: ProblemType.invalidHost });
  const scheme: Scheme = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true ? 'https' : 'http';
  const { authority } = decision;
  if (decision.fromTarget && authority !== undefined) req.headers.host = formatAuthority(authority, scheme);
  if (configured !== undefined) return configured;
  return formatOrigin(scheme, authority ?? localAuthority(req));
}

/** The address and port the connection reached, as an authority; `localhost` when the socket has none. */
function localAuthority(req: IncomingMessage): HostAuthority {
  const address = req.socket?.localAddress;
  const port = req.socket?.localPort;
  const host = address === undefined ? undefined : address.includes(':') ? `[${address}]` : address;
  return (host === undefined ? undefined : parseHostField(port === undefined ? host : `${host}:${port}`)) ?? { host: 'localhost', port: undefined };
}
