import { type HostAuthority, formatAuthority } from './host-field';

/** The schemes a request reaches this server by. */
export type Scheme = 'http' | 'https';

/** `scheme://host[:port]` (RFC 6454 section 6.2), the port left out when it is the scheme's default. */
export function formatOrigin(scheme: Scheme, authority: HostAuthority): string {
  return `${scheme}://${formatAuthority(authority, scheme)}`;
}

/**
 * A configured origin (`https://api.example.com`) in the form {@link formatOrigin} gives: the
 * scheme and host lower-cased, the default port dropped. It is what a deployment behind a proxy
 * names its requests by instead of their Host (RFC 9112 section 3.3: a server's configuration may
 * fix the target URI's scheme and authority). Checked when the router or cache is built: a
 * TypeError for anything that is not an http or https origin (userinfo, a path, a query).
 */
export function configuredOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`origin '${text}' is not a URL such as https://api.example.com`);
  }
  const plain = url.username === '' && url.password === '' && url.pathname === '/' && url.search === '' && url.hash === '';
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !plain || /[?#]$/.test(text)) {
    throw new TypeError(`origin '${text}' must be an http or https scheme and authority only, such as https://api.example.com`);
  }
  return url.origin;
}
