/**
 * Only this server's own names are served (docs/security.md "Host names"). A page on a DNS name
 * the attacker controls can make that name resolve to 127.0.0.1 (DNS rebinding): the browser then
 * sends `Host: evil.example` and `Origin: http://evil.example`, and the CSRF check, which compares
 * the Origin with the host the request names, would pass. So the host is checked first, before any
 * other middleware reads it:
 *
 * - the host of RIPOSTE_PUBLIC_URL;
 * - the hosts RIPOSTE_ALLOWED_HOSTS names (a LAN name, a second domain);
 * - the listening address: on loopback the loopback names (localhost, 127.0.0.1, [::1]); on a
 *   specific address that address; on every interface (0.0.0.0, ::) any IP literal — a rebinding
 *   page always sends a name, never an address.
 *
 * Ports are not compared: a proxy in front may rewrite them, and a name is what rebinding forges.
 * `/healthz` answers any host: load balancers and orchestrators probe by address, and it shows
 * nothing a rebinding page could use. Anything else: 421 Misdirected Request, JSON.
 */
import { isProbePath } from './server-paths';
import { isIP } from 'node:net';
import type { Middleware } from 'koa';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

const bare = (hostname: string) => hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));

/** Whether a request naming `hostname` (no port) is for this server. */
export const hostRule = (options: { publicUrl: string | undefined; allowedHosts: string[]; listenHost: string }): ((hostname: string) => boolean) => {
  const names = new Set(options.allowedHosts.map(bare));
  if (options.publicUrl !== undefined) names.add(bare(new URL(options.publicUrl).hostname));
  const listen = bare(options.listenHost);
  const everyInterface = listen === '0.0.0.0' || listen === '::';
  if (isLoopback(listen) || everyInterface) for (const n of LOOPBACK_NAMES) names.add(n);
  else names.add(listen);
  return (hostname) => {
    const host = bare(hostname);
    if (host === '') return false;
    return names.has(host) || (everyInterface && isIP(host) !== 0);
  };
};

export const allowedHosts = (allows: (hostname: string) => boolean): Middleware => async (ctx, next) => {
  if (isProbePath(ctx.path) || allows(ctx.hostname)) return next();
  const message = 'This host name is not served here; use the address the server is published under';
  ctx.status = 421;
  ctx.body = { message, error: message, code: 'HOST_NOT_ALLOWED' };
};
