/**
 * Every router of the API matches paths exactly: `new Router({ ..., sensitive: true, strict: true })`
 * (case-sensitive, no optional trailing slash). The guards in front of the routers (CSRF, the
 * /api/admin guard, the /api 404) compare ctx.path as it is, so a router that matched
 * `/API/admin/users` or `/api/admin/users/` would run a handler those guards never saw
 * (docs/adr/0006-sessions-csrf-security.md, "One spelling per path"). A router built any other way
 * stops the start.
 */
import type Router from '@koa/router';

export const assertExactRouting = (routers: Router[]): void => {
  for (const router of routers) {
    const loose = router.stack.find((layer) => layer.opts.sensitive !== true || layer.opts.strict !== true);
    if (router.opts.sensitive !== true || router.opts.strict !== true || loose !== undefined) {
      const where = loose === undefined ? `prefix ${router.opts.prefix ?? '/'}` : String(loose.path);
      throw new Error(`A router matches paths loosely (${where}); build it with { sensitive: true, strict: true } so guards and routes see the same path`);
    }
  }
};
