/**
 * The AI calls of spec part 2 §7, on the installation's AI writer (deps.ai: the OpenAI-compatible
 * provider an admin set on the AI Provider page, else RIPOSTE_AI_*, else the offline writer). Every
 * answer says which writer wrote it (`offline`, `model`, and `fallback` when the offline writer
 * stood in for a failing provider), so the pages can label offline text as such. Each call is
 * counted against the provider's limits for the signed-in user (429 once one is reached). The text has
 * been through the core's safety wrapper: no @mentions, within the length asked.
 *
 *   POST /api/v2/repurpose        {originalContent, targetStyle}     -> {success, content, message}
 *   POST /api/repurpose-content   {content, maxLength}               -> {success, repurposedContent} | {message}
 *   POST /api/generate-ai-reply   {tweetText, accountName, viralStyle?} -> {reply} | 'Failed to generate reply'
 *   POST /api/templates/preview   {content, viralStyle, aiMaxLength} -> {success, content} (ours: the
 *                                 template dialog's preview of an AI variation before saving)
 *
 * Each user may make RIPOSTE_AI_USER_LIMIT calls per 10 minutes (429 with Retry-After after that).
 * Bad input is a 400 with the field, like every call. A failing AI service keeps its status
 * (503, 429) and its cause in the message; the repurpose calls also say `success: false`.
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  AI_MESSAGES,
  generateAiReplyBodySchema,
  isAiError,
  repurposeContentBodySchema,
  type AiText,
  templatePreviewBodySchema,
  v2RepurposeBodySchema,
} from '@core/ai';
import { UNIQUE_VARIATION, styleDefinition } from '@core/styles';
import type { AppDeps } from '../deps';
import { body, validated } from '../http/validate';
import { currentUser, requireUser } from '../http/guards';
import { AI_QUOTA_WINDOW_SECONDS, createAiQuota } from '../http/rate-limit';
import { statusOf } from '../http/errors';
import { redactTokens } from '@adapters/logging';

/** Aborts the writer's call when the client goes away before the answer. */
const requestSignal = (ctx: Context): AbortSignal => {
  const controller = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) controller.abort(new Error('client went away'));
  });
  return controller.signal;
};

/** Why the offline writer answered in place of the provider, when it did (the pages show it). */
const fallbackOf = (answer: AiText): { fallback?: string } => (answer.fallback === undefined ? {} : { fallback: answer.fallback });

/** An AI failure answered with the call's own shape; anything else goes to the error middleware. */
const failWith = (ctx: Context, error: unknown, extra: (message: string) => Record<string, unknown>) => {
  if (!isAiError(error)) throw error;
  ctx.status = statusOf(error.code);
  if (error.code === 'rate_limited' && error.retryAfterMs !== undefined) ctx.set('Retry-After', String(Math.ceil(error.retryAfterMs / 1000)));
  const code = error.reason ?? error.code;
  ctx.state.log.warn({ err: error, kind: error.kind }, 'AI call failed');
  const answer = extra(error.message);
  const message = redactTokens(typeof answer.message === 'string' ? answer.message : error.message);
  ctx.body = { ...answer, message, error: message, code };
};

export const aiRoutes = (deps: AppDeps): Router => {
  const router = new Router({ prefix: '/api', sensitive: true, strict: true });
  const writer = () => deps.ai;
  // Each call may cost money: a per-user quota (429 'Too many AI requests ...' with Retry-After).
  const quota = createAiQuota({ points: deps.config.aiUserLimit, windowSeconds: AI_QUOTA_WINDOW_SECONDS }, deps.counters);
  const withinQuota: Middleware = async (ctx, next) => {
    await quota.take(currentUser(ctx).id);
    await next();
  };
  const label = () => ({ offline: writer().offline, model: writer().model });

  router.post('/v2/repurpose', requireUser, withinQuota, body(v2RepurposeBodySchema), async (ctx) => {
    const body = validated(ctx, v2RepurposeBodySchema);
    try {
      const answer = await writer().rewrite(
        { text: body.originalContent, style: body.targetStyle, maxLength: body.maxLength, ...(body.seed === undefined ? {} : { seed: body.seed }) },
        { signal: requestSignal(ctx), userId: currentUser(ctx).id },
      );
      ctx.body = {
        success: true,
        content: answer.text,
        message: `Content repurposed in the ${styleDefinition(body.targetStyle).label} style${answer.fallback !== undefined ? ` (${answer.fallback})` : answer.offline ? ' (offline writer)' : ''}`,
        offline: answer.offline,
        model: answer.model,
        ...fallbackOf(answer),
      };
    } catch (error) {
      failWith(ctx, error, () => ({ success: false, ...label() }));
    }
  });

  router.post('/repurpose-content', requireUser, withinQuota, body(repurposeContentBodySchema), async (ctx) => {
    const body = validated(ctx, repurposeContentBodySchema);
    try {
      const answer = await writer().rewrite(
        { text: body.content, style: UNIQUE_VARIATION, maxLength: body.maxLength, ...(body.seed === undefined ? {} : { seed: body.seed }) },
        { signal: requestSignal(ctx), userId: currentUser(ctx).id },
      );
      ctx.body = { success: true, repurposedContent: answer.text, offline: answer.offline, model: answer.model, ...fallbackOf(answer) };
    } catch (error) {
      failWith(ctx, error, () => ({ success: false, ...label() }));
    }
  });

  router.post('/generate-ai-reply', requireUser, withinQuota, body(generateAiReplyBodySchema), async (ctx) => {
    const body = validated(ctx, generateAiReplyBodySchema);
    try {
      const answer = await writer().replyTo(
        {
          postText: body.tweetText,
          accountName: body.accountName,
          style: body.viralStyle,
          maxLength: body.maxLength,
          ...(body.seed === undefined ? {} : { seed: body.seed }),
        },
        { signal: requestSignal(ctx), userId: currentUser(ctx).id },
      );
      ctx.body = { reply: answer.text, viralStyle: body.viralStyle, offline: answer.offline, model: answer.model, ...fallbackOf(answer) };
    } catch (error) {
      // The spec's failure text first, then the cause, so neither the page nor a log loses it.
      failWith(ctx, error, (cause) => ({ message: `${AI_MESSAGES.generateFailed}: ${cause}`, ...label() }));
    }
  });

  router.post('/templates/preview', requireUser, withinQuota, body(templatePreviewBodySchema), async (ctx) => {
    const body = validated(ctx, templatePreviewBodySchema);
    try {
      const answer = await writer().rewrite(
        { text: body.content, style: body.viralStyle, maxLength: body.aiMaxLength, ...(body.seed === undefined ? {} : { seed: body.seed }) },
        { signal: requestSignal(ctx), userId: currentUser(ctx).id },
      );
      ctx.body = { success: true, content: answer.text, viralStyle: body.viralStyle, offline: answer.offline, model: answer.model, ...fallbackOf(answer) };
    } catch (error) {
      failWith(ctx, error, () => ({ success: false, ...label() }));
    }
  });

  return router;
};
