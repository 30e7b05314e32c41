/**
 * The installation's AI writer as the admin's AI Provider page (and, below it, RIPOSTE_AI_*) set
 * it, for the server and every scheduler alike: each call reads the saved provider from the read
 * model, so a change reaches every process without a restart.
 *
 * Which writer: the provider saved on the page; else the environment's; else the offline writer.
 * A model's writing is first counted against the limits (core/ai/usage.ts) for the user it is
 * for. When the model fails or a limit is reached, the saved fallback decides: 'offline' answers
 * the offline writer's text, labelled with why (`fallback`); 'wait' lets the error through, for
 * the caller to answer it (a page) or to wait (a scheduled reply).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  AiError,
  AI_TEST_POST,
  aiFallbackNote,
  aiLimitRetryAfterMs,
  aiUsageDecider,
  aiUsageStream,
  AI_PROVIDER_STREAM,
  aiProviderDecider,
  DEFAULT_AI_PROVIDER_SETTINGS,
  isAiError,
  utcDayOf,
  utcMonthOf,
  type AiCallOptions,
  type AiProviderSettings,
  type AiProviderSource,
  type AiProviderTestBody,
  type AiProviderTestResult,
  type AiProviderView,
  type AiText,
  type AiWriter,
} from '@core/ai';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import type { EventStore } from '@core/eventstore/types';
import { isAppError } from '@core/shared/errors';
import { DEFAULT_CLASSIC_STYLE } from '@core/styles';
import type { ReadDb } from '@adapters/projections-sqlite';
import { createOfflineWriter } from '@adapters/ai-offline';
import { createOpenAiWriter, openAiConfigFrom, toAiError, wantsOpenAi, type AiEnv, type OpenAiWriterConfig } from '@adapters/ai-openai';
import type { TokenBinding, TokenCipher } from '@adapters/crypto-tokens';
import { aiWritingsInMonth, aiWritingsOnDay, savedAiProvider } from '@adapters/read-models/ai';

/** Where the saved key is bound when sealed: a copy in another row or field does not open. */
export const AI_KEY_BINDING: TokenBinding = { userId: '-', accountId: 'ai-provider', field: 'apiKey' };

/** The Test button's wait at most: long enough for a local model's first load, short for a page. */
const TEST_TIMEOUT_MS = 30_000;

export interface ManagedAiDeps {
  store: EventStore;
  db: () => ReadDb;
  /** The installation's token cipher (RIPOSTE_TOKEN_KEY): opens the saved key. */
  cipher: Pick<TokenCipher, 'decrypt'>;
  env: AiEnv;
  clock: () => Date;
  logger: { warn(obj: object, msg: string): void };
  /** Tests put a writer of their own in place of the openai client's. */
  writerFor?: (config: OpenAiWriterConfig) => AiWriter;
}

export interface ManagedAi extends AiWriter {
  /** What the admin page shows: the provider in use, where it comes from, the limits and the usage. */
  view(): AiProviderView;
  /** The fallback and limits in force. */
  settings(): AiProviderSettings;
  /** One real call (no retry) to the form's provider or the one in use: the sample reply or the failure. */
  test(body: AiProviderTestBody): Promise<AiProviderTestResult>;
}

interface Resolved {
  source: AiProviderSource;
  writer: AiWriter;
  config: OpenAiWriterConfig | null;
  settings: AiProviderSettings;
}

/** A connection failure's system code (ECONNREFUSED, ENOTFOUND ...), which says more than 'could not reach'. */
const systemCode = (error: unknown): string | null => {
  let cause: unknown = error;
  for (let i = 0; i < 4 && cause !== null && typeof cause === 'object'; i += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
};

export const createManagedAi = (deps: ManagedAiDeps): ManagedAi => {
  const offline = createOfflineWriter();
  const writerFor = deps.writerFor ?? createOpenAiWriter;
  const fromEnv = wantsOpenAi(deps.env) ? openAiConfigFrom(deps.env) : null;
  let cache: { key: string; writer: AiWriter; config: OpenAiWriterConfig } | null = null;

  const writerOf = (key: string, config: () => OpenAiWriterConfig): { writer: AiWriter; config: OpenAiWriterConfig } => {
    if (cache?.key !== key) {
      const built = config();
      cache = { key, writer: writerFor(built), config: built };
    }
    return cache;
  };

  const resolve = (): Resolved => {
    const saved = savedAiProvider(deps.db());
    const settings: AiProviderSettings = saved ?? DEFAULT_AI_PROVIDER_SETTINGS;
    if (saved !== null && saved.baseUrl !== null && saved.model !== null) {
      const { baseUrl, model, sealedKey } = saved;
      const built = writerOf(`admin|${baseUrl}|${model}|${sealedKey ?? ''}`, () => ({
        baseURL: baseUrl,
        model,
        apiKey: sealedKey === null ? undefined : deps.cipher.decrypt(sealedKey, AI_KEY_BINDING),
        timeoutMs: deps.env.RIPOSTE_AI_TIMEOUT_MS,
        maxRetries: deps.env.RIPOSTE_AI_MAX_RETRIES,
      }));
      return { source: 'admin', ...built, settings };
    }
    if (fromEnv !== null) return { source: 'environment', ...writerOf('environment', () => fromEnv), settings };
    return { source: 'none', writer: offline, config: null, settings };
  };

  const take = async (userId: string, settings: AiProviderSettings): Promise<void> => {
    const now = deps.clock();
    const day = utcDayOf(now.toISOString());
    const monthTotal = settings.installationMonthlyLimit === null ? 0 : aiWritingsInMonth(deps.db(), utcMonthOf(day));
    try {
      await handleCommand(
        deps.store,
        aiUsageStream(userId, day),
        aiUsageDecider,
        { type: 'CountAiWriting', userId, day, userDailyLimit: settings.userDailyLimit, installationMonthlyLimit: settings.installationMonthlyLimit, monthTotal },
        { metadata: { actor: userId, correlationId: randomUUID(), causationId: null, time: now.toISOString() }, newId: randomUUID },
      );
    } catch (error) {
      if (isAppError(error) && error.code === 'rate_limited' && error.reason !== undefined) {
        throw new AiError('rate_limited', error.message, { reason: error.reason, retryAfterMs: aiLimitRetryAfterMs(error.reason, now) });
      }
      throw error;
    }
  };

  const call = async (ask: (writer: AiWriter) => Promise<AiText>, options: AiCallOptions | undefined): Promise<AiText> => {
    const resolved = resolve();
    if (resolved.source === 'none') return ask(offline);
    try {
      if (options?.userId !== undefined) await take(options.userId, resolved.settings);
      return await ask(resolved.writer);
    } catch (error) {
      const cancelled = options?.signal?.aborted === true || (isAiError(error) && error.reason === 'AI_CANCELLED');
      if (!isAiError(error) || cancelled || resolved.settings.fallback !== 'offline') throw error;
      deps.logger.warn({ err: error, kind: error.kind }, 'the AI provider failed; the offline writer wrote the text (fallback)');
      return { ...(await ask(offline)), fallback: aiFallbackNote(error.message), fallbackCause: error.message };
    }
  };

  const view = (): AiProviderView => {
    const resolved = resolve();
    const saved = savedAiProvider(deps.db());
    const today = utcDayOf(deps.clock().toISOString());
    return {
      source: resolved.source,
      baseUrl: resolved.config?.baseURL ?? null,
      model: resolved.writer.model,
      keySet: resolved.config?.apiKey !== undefined,
      saved: { baseUrl: saved?.baseUrl ?? null, model: saved?.model ?? null, keySet: (saved?.sealedKey ?? null) !== null },
      environment: fromEnv === null ? null : { baseUrl: fromEnv.baseURL ?? '', model: fromEnv.model, keySet: fromEnv.apiKey !== undefined },
      fallback: resolved.settings.fallback,
      userDailyLimit: resolved.settings.userDailyLimit,
      installationMonthlyLimit: resolved.settings.installationMonthlyLimit,
      usage: { today: aiWritingsOnDay(deps.db(), today), month: aiWritingsInMonth(deps.db(), utcMonthOf(today)) },
      updatedAt: saved?.updatedAt ?? null,
      updatedBy: saved?.updatedBy ?? null,
    };
  };

  const test = async (body: AiProviderTestBody): Promise<AiProviderTestResult> => {
    const resolved = resolve();
    let config: OpenAiWriterConfig;
    if (body.baseUrl !== null) {
      // The key in use goes only to the endpoint it was set for, never to a URL typed in the form.
      const keyInUse = resolved.config !== null && resolved.config.baseURL?.replace(/\/+$/, '') === body.baseUrl ? resolved.config.apiKey : undefined;
      config = { baseURL: body.baseUrl, model: body.model ?? resolved.writer.model, apiKey: body.apiKey ?? keyInUse };
    } else if (resolved.config !== null) {
      config = { ...resolved.config, ...(body.apiKey === undefined ? {} : { apiKey: body.apiKey }) };
    } else {
      return { ok: false, code: 'AI_NOT_SET', message: 'No AI provider is set: enter an endpoint URL and a model first', latencyMs: 0, baseUrl: null };
    }
    const writer = writerFor({ ...config, maxRetries: 0, timeoutMs: Math.min(config.timeoutMs ?? TEST_TIMEOUT_MS, TEST_TIMEOUT_MS) });
    const started = performance.now();
    const baseUrl = config.baseURL ?? null;
    try {
      const answer = await writer.replyTo({ postText: AI_TEST_POST, accountName: '@Example', style: DEFAULT_CLASSIC_STYLE, maxLength: 280, seed: 1 });
      return { ok: true, reply: answer.text, model: answer.model, latencyMs: Math.round(performance.now() - started), baseUrl: baseUrl ?? '' };
    } catch (raw) {
      const error = toAiError(raw);
      const code = systemCode(raw);
      const message = code === null ? error.message : `${error.message.replace(/; try again later$/, '')} (${code})`;
      return { ok: false, code: error.reason ?? error.code, message, latencyMs: Math.round(performance.now() - started), baseUrl };
    }
  };

  return {
    get offline() {
      return resolve().writer.offline;
    },
    get model() {
      return resolve().writer.model;
    },
    rewrite: (request, options) => call((w) => w.rewrite(request, options), options),
    replyTo: (request, options) => call((w) => w.replyTo(request, options), options),
    view,
    settings: () => resolve().settings,
    test,
  };
};

export interface ResealDeps {
  store: EventStore;
  /** The installation's token cipher: its current key seals, a previous one may still open. */
  cipher: Pick<TokenCipher, 'needsRotation' | 'rotate'>;
  clock: () => Date;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * After RIPOSTE_TOKEN_KEY was rotated (the old key moved to RIPOSTE_TOKEN_OLD_KEYS), seals the
 * saved API key again with the current key, so the old one can be dropped; every start calls it.
 * A key no key of the ring opens is left as it is and said in the log: the page's Test then shows
 * the failure, and setting the key again mends it.
 */
export const resealAiKey = async (deps: ResealDeps): Promise<'resealed' | 'current' | 'none' | 'unopened'> => {
  const { state } = await loadState(deps.store, AI_PROVIDER_STREAM, aiProviderDecider);
  const sealed = state.sealedKey;
  if (sealed === null) return 'none';
  let resealed: string;
  try {
    if (!deps.cipher.needsRotation(sealed)) return 'current';
    resealed = deps.cipher.rotate(sealed, AI_KEY_BINDING);
  } catch (err) {
    deps.logger.warn({ err }, "the AI provider's API key opens with no token key of this installation; set it again on the AI Provider page");
    return 'unopened';
  }
  const result = await handleCommand(
    deps.store,
    AI_PROVIDER_STREAM,
    aiProviderDecider,
    { type: 'ResealAiKey', sealed: resealed, replaces: sealed },
    { metadata: { actor: 'system', correlationId: randomUUID(), causationId: null, time: deps.clock().toISOString() }, newId: randomUUID },
  );
  if (result.events.length === 0) return 'current';
  deps.logger.info({}, "the AI provider's API key was sealed again with the current token key");
  return 'resealed';
};
