/**
 * Security headers through koa-helmet, with a strict Content-Security-Policy the built web app
 * runs under (docs/adr/0006-sessions-csrf-security.md explains each directive):
 * no inline or eval'd script; inline styles allowed because Radix UI sets style attributes and
 * injects <style> elements at run time; images from https (X avatars) and data: URLs.
 */
import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

export const contentSecurityPolicy = (https: boolean): Record<string, string[]> => ({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // Only over https: on http://localhost it would send the browser to an https port nobody serves.
  ...(https ? { 'upgrade-insecure-requests': [] } : {}),
});

export const securityHeaders = (https: boolean): Middleware =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    // HSTS pins https for a year; sent only when the public URL is https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
