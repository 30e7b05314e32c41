/**
 * The installation's own address, for links it mails and for what it tells anonymous callers:
 * the configured public URL, else the socket this request came in on. Never the Host header,
 * which the requester chooses.
 */
import type { Context } from 'koa';

export const ownBaseUrl = (config: { publicUrl: string | undefined; port: number }, ctx: Context): string => {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const socket = ctx.req.socket;
  const host = socket.localAddress ?? '127.0.0.1';
  const shown = host.includes(':') ? (host.startsWith('::ffff:') ? host.slice(7) : `[${host}]`) : host;
  return `http://${shown}:${socket.localPort ?? config.port}`;
};
