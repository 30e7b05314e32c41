/** Public odds and ends: health and the web app's configuration. */
import { deliveryPromise } from '@core/replies/rules/delivery';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../deps';
import { createHealthCheck } from './health';
import { emailTestModeAllowed } from '../users/routes';

export const miscRoutes = (deps: AppDeps): Router => {
  const router = new Router({ sensitive: true, strict: true });

  const health = createHealthCheck(deps.store, deps.projector);
  /** The health report once started (503 'starting' before), answered in `shape`. */
  const reporting =
    (shape: (report: Awaited<ReturnType<typeof health>>) => unknown) =>
    async (ctx: Context): Promise<void> => {
      ctx.set('Cache-Control', 'no-store');
      if (!deps.isReady()) {
        ctx.status = 503;
        ctx.body = { status: 'starting' };
        return;
      }
      const report = await health();
      ctx.status = report.status === 'ok' ? 200 : 503;
      ctx.body = shape(report);
    };
  const fullReport = reporting((report) => report);
  router.get('/healthz', fullReport);
  // The name some monitors ask by; the same report.
  router.get('/health', fullReport);
  // Liveness: the process answers HTTP. Never asks a store, so a slow store does not get the process restarted.
  router.get('/livez', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'alive', uptimeSeconds: Math.round(process.uptime()) };
  });
  // Readiness: started (projector caught up, admin present) and the store readable and writable.
  router.get(
    '/readyz',
    reporting((report) => ({ status: report.status === 'ok' ? 'ready' : 'degraded', store: { read: report.store.read.ok, write: report.store.write.ok } })),
  );

  router.get('/api/config', (ctx) => {
    ctx.body = {
      // True when the bundled X emulator stands in for X (no RIPOSTE_X_API_KEY); the AI writer is
      // offline unless the AI Provider page or RIPOSTE_AI_* set a provider, and then what happens
      // when it fails (the composers say so).
      sandboxX: deps.x.sandbox,
      aiOffline: deps.ai.offline,
      aiFallback: deps.ai.settings().fallback,
      emailTestMode: emailTestModeAllowed(deps, ctx),
      // True when mail is kept in the local sink (no RIPOSTE_SMTP_URL): admins read it on /admin/mailbox.
      mailSandbox: deps.mail.sink !== null,
      version: deps.version,
      // Which replies go out by themselves, from the dispatcher's own rule (core/replies/rules/delivery.ts).
      // Left out while X cannot be asked at all (real X without keys): then nothing goes out.
      ...(deps.x.app === null ? {} : { delivery: { setting: deps.x.app.deliveryMode, access: deps.x.app.access, ...deliveryPromise(deps.x.app.deliveryMode, deps.x.app.access) } }),
    };
  });

  return router;
};
