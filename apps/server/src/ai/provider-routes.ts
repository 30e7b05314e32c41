/**
 * The admin's AI Provider page (ours; the spec has no such page): which OpenAI-compatible endpoint,
 * model and key the installation writes with, what happens when it fails, and the limits. Under
 * /api/admin, so the admin guard (http/guards.ts) refuses anyone else before a route runs; each
 * route repeats requireAdmin.
 *
 *   GET  /api/admin/ai-provider        the provider in use, where it comes from, limits, usage (never the key)
 *   PUT  /api/admin/ai-provider        { baseUrl, model, apiKey?, removeKey?, fallback, userDailyLimit, installationMonthlyLimit }
 *   POST /api/admin/ai-provider/test   { baseUrl?, model?, apiKey? } -> one real call: the sample reply or the failure
 *
 * The key is sealed (AES-256-GCM, the X tokens' cipher, bound to its row) before it reaches a
 * command, and never answered back: a change without `apiKey` keeps the key set, `removeKey`
 * removes it. The test's failure is its answer (200 with ok: false), not an error of this call.
 */
import Router from '@koa/router';
import { AI_KEY_BINDING } from '@adapters/ai-provider';
import { AI_PROVIDER_STREAM, aiProviderBodySchema, aiProviderDecider, aiProviderTestBodySchema, type AiKeyChange } from '@core/ai';
import { handleCommand } from '@core/eventstore/command-handler';
import type { AppDeps } from '../deps';
import { commandOptions } from '../commands';
import { body, validated } from '../http/validate';
import { requireAdmin } from '../http/guards';
import { commandContext } from '../http/present';
import { answerWritten } from '../http/route-helpers';

export const aiProviderRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api/admin', sensitive: true, strict: true });

  router.get('/ai-provider', requireAdmin, (ctx) => {
    ctx.body = deps.ai.view();
  });

  router.put('/ai-provider', requireAdmin, body(aiProviderBodySchema), async (ctx) => {
    const b = validated(ctx, aiProviderBodySchema);
    const key: AiKeyChange =
      b.apiKey !== undefined ? { kind: 'replace', sealed: deps.x.cipher.encrypt(b.apiKey, AI_KEY_BINDING) } : b.removeKey ? { kind: 'remove' } : { kind: 'keep' };
    const result = await handleCommand(
      deps.store,
      AI_PROVIDER_STREAM,
      aiProviderDecider,
      {
        type: 'ConfigureAiProvider',
        settings: { baseUrl: b.baseUrl, model: b.model, fallback: b.fallback, userDailyLimit: b.userDailyLimit, installationMonthlyLimit: b.installationMonthlyLimit },
        key,
      },
      commandOptions(commandContext(ctx), deps.clock),
    );
    await answerWritten(ctx, deps, { id: AI_PROVIDER_STREAM, position: result.position }, { find: () => deps.ai.view(), location: '/api/admin/ai-provider' });
  });

  router.post('/ai-provider/test', requireAdmin, body(aiProviderTestBodySchema), async (ctx) => {
    ctx.body = await deps.ai.test(validated(ctx, aiProviderTestBodySchema));
  });

  return router;
};
