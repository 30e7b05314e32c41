/** Public odds and ends: health, the web app's configuration, and sign-in with X until it lands. */
import Router from '@koa/router';
import { wantsOpenAi } from '@adapters/ai-openai';
import type { AppDeps } from '../deps';
import { emailTestModeAllowed } from './user';

export const miscRoutes = (deps: AppDeps): Router => {
  const router = new Router();

  router.get('/healthz', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!deps.isReady()) {
      ctx.status = 503;
      ctx.body = { status: 'starting' };
      return;
    }
    ctx.body = { status: 'ok' };
  });

  router.get('/api/config', (ctx) => {
    ctx.body = {
      // No X credentials can be configured yet: the X emulator. The AI writer is offline unless RIPOSTE_AI_* say otherwise.
      sandboxX: true,
      aiOffline: !wantsOpenAi(deps.config.ai),
      emailTestMode: emailTestModeAllowed(deps, ctx),
      version: deps.version,
    };
  });

  // Sign in with X arrives with the X integration; until then the login page shows why not.
  router.get('/api/x/auth/login', (ctx) => {
    const message = 'X API credentials not configured. Please contact the administrator.';
    ctx.status = 503;
    ctx.body = {
      error: 'X API credentials not configured',
      message,
      diagnostics: {
        host: ctx.host,
        protocol: ctx.protocol,
        xAPIKeyPresent: false,
        xAPISecretPresent: false,
        errorMessage: 'Sign in with X is not set up on this server yet',
      },
    };
  });

  return router;
};
