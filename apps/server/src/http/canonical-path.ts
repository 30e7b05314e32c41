/**
 * One spelling per path in the server's own namespaces (/api, /uploads, /healthz, /paypal). The router
 * matches exactly (http/router.ts) and every guard compares ctx.path as it is; this middleware,
 * in front of all of them, refuses with 404 any request that names one of those namespaces in
 * another spelling, so no variant can reach a guard that does not recognise it, a router that
 * does, or a static-file lookup that decodes it:
 * - the namespace in another case (`/API`, `/Api`), or reached through `//`, `/./`, `/x/../`;
 * - an empty segment (`//`) or a trailing slash;
 * - a dot segment (`.`, `..`), a backslash, or an escaped character that never needs escaping
 *   (`%2F`, `%5C`, `%2e`, `%61`...), which only serves to hide a path from a comparison.
 * The namespace is recognised after decoding, resolving dot segments and folding case, so every
 * such spelling is caught. Refusing rather than rewriting keeps one rule: what the guards read is
 * what the router routes. Paths outside these namespaces belong to the web app (its router decides).
 */
import type { Middleware } from 'koa';
import { AppError } from '@core/shared/errors';
import { PROBE_PATHS } from './server-paths';

const NAMESPACES = new Set(['api', 'uploads', 'paypal', ...PROBE_PATHS.map((p) => p.slice(1))]);
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
/** Characters an escape may never stand for: unreserved ones (RFC 3986) and the two separators. */
const NEVER_ESCAPED = /^[A-Za-z0-9\-._~/\\]$/;

const decodeLoosely = (path: string): string => path.replace(ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first segment once dot segments are resolved, lower-cased. */
const resolvedNamespace = (decoded: string): string => {
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return (segments[0] ?? '').toLowerCase();
};

/** Whether the path names a namespace, as written or once decoded, dot-resolved and case-folded. */
const namesNamespace = (path: string): boolean => {
  const decoded = decodeLoosely(path).replaceAll('\\', '/');
  const first = decoded.split('/').find((s) => s !== '' && s !== '.') ?? '';
  return NAMESPACES.has(first.toLowerCase()) || NAMESPACES.has(resolvedNamespace(decoded));
};

export const isCanonicalPath = (path: string): boolean => {
  const segments = path.split('/').slice(1);
  if (!path.startsWith('/') || !NAMESPACES.has(segments[0] ?? '')) return false;
  if (segments.some((s) => s === '' || s === '.' || s === '..') || path.includes('\\')) return false;
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return false;
  for (const [, hex] of path.matchAll(ESCAPE)) {
    if (NEVER_ESCAPED.test(String.fromCharCode(parseInt(hex ?? '', 16)))) return false;
  }
  return true;
};

export const canonicalPaths: Middleware = async (ctx, next) => {
  if (!namesNamespace(ctx.path) || isCanonicalPath(ctx.path)) return next();
  throw new AppError('not_found', `No such API call: ${ctx.method} ${ctx.path} (paths are lower-case, with single slashes and no trailing slash)`, {
    reason: 'NON_CANONICAL_PATH',
  });
};
