/**
 * Serves the built web app (apps/web/dist). Vite's hashed files under /assets never change, so
 * they are cached for a year as immutable; index.html is revalidated every time so a deploy is
 * picked up at once. Any other GET outside /api that names no file gets index.html (the React
 * router decides, including its 'Page Not Found' screen); /api is left to the router.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Middleware } from 'koa';
import { send } from '@koa/send';
import { isServerPath } from './server-paths';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const isNotFound = (e: unknown): boolean => typeof e === 'object' && e !== null && (e as { status?: unknown }).status === 404;

/** /assets/x.js missing is a broken deploy or a stale tab, not a page: answer 404, not the SPA. */
const looksLikeFile = (path: string): boolean => path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Riposte</title>
<p>The web app has not been built yet. Run <code>npm run build:web</code> (npm start does it) and reload.</p>`;

export const webApp = (distDir: string): Middleware => {
  const indexFile = join(distDir, 'index.html');
  const sendIndex: Middleware = async (ctx) => {
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'html';
      ctx.body = NOT_BUILT;
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: distDir });
  };

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (isServerPath(ctx.path)) return next();
    if (ctx.path === '/' || ctx.path === '/index.html') return sendIndex(ctx, next);
    try {
      const immutable = ctx.path.startsWith('/assets/');
      const served = await send(ctx, ctx.path, {
        root: distDir,
        index: false,
        immutable,
        maxAge: immutable ? YEAR_MS : 0,
        brotli: false,
        gzip: false,
      });
      if (served !== undefined) return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    if (looksLikeFile(ctx.path)) {
      ctx.status = 404;
      ctx.type = 'text';
      ctx.body = 'Not found';
      return;
    }
    await sendIndex(ctx, next);
  };
};
