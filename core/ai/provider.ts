/**
 * The installation's AI provider as an admin sets it on the AI Provider page: any OpenAI-compatible
 * endpoint, its model, its API key (sealed by the server before it reaches a command: the core
 * never sees it in clear), what happens when the provider does not answer, and the limits on
 * writings. One stream (`ai-provider`), so every change is kept with who made it and when.
 *
 * The key is replace-only: a change either keeps it, replaces it or removes it; nothing ever
 * answers it back. Its sealed form travels in its own event, so the audit's wording and the
 * settings' event never carry it.
 */
import { z } from 'zod';
import { assertNever, type Decider } from '@core/shared/decider';

export const AI_PROVIDER_STREAM = 'ai-provider';

/**
 * When the provider fails (down, too slow, refusing the key, a limit reached): `wait` keeps a
 * scheduled reply waiting while it is on time and skips it with the reason once it is not; an
 * interactive call answers the error. `offline` lets the offline writer write it, labelled.
 */
export const AI_FALLBACKS = ['wait', 'offline'] as const;
export type AiFallback = (typeof AI_FALLBACKS)[number];

export const AI_FALLBACK_LABELS: Readonly<Record<AiFallback, string>> = {
  wait: 'Wait and try again; skip the reply with the reason once it is too late',
  offline: 'Write it with the offline writer (labelled as such)',
};

export interface AiProviderSettings {
  /** Null: not set here (the environment's RIPOSTE_AI_* apply, else the offline writer). */
  baseUrl: string | null;
  model: string | null;
  fallback: AiFallback;
  /** Model writings one user may ask for per UTC day (null: no limit). */
  userDailyLimit: number | null;
  /** Model writings of the whole installation per UTC month (null: no limit). */
  installationMonthlyLimit: number | null;
}

export const DEFAULT_AI_PROVIDER_SETTINGS: AiProviderSettings = {
  baseUrl: null,
  model: null,
  fallback: 'wait',
  userDailyLimit: null,
  installationMonthlyLimit: null,
};

export type AiKeyChange = { kind: 'keep' } | { kind: 'replace'; sealed: string } | { kind: 'remove' };

export type AiProviderCommand =
  | { type: 'ConfigureAiProvider'; settings: AiProviderSettings; key: AiKeyChange }
  /**
   * The same key sealed again with the current token key (RIPOSTE_TOKEN_KEY rotated): `sealed`
   * replaces `replaces`, and nothing happens when the key changed in between.
   */
  | { type: 'ResealAiKey'; sealed: string; replaces: string };

export type AiProviderEvent =
  | { type: 'AiProviderConfigured'; data: AiProviderSettings & { previous: AiProviderSettings } }
  | { type: 'AiProviderKeyReplaced'; data: { sealedKey: string } }
  | { type: 'AiProviderKeyRemoved'; data: Record<string, never> }
  /** The same key, sealed again with the current token key; `keyId`: that key's id (never the key). */
  | { type: 'AiProviderKeyResealed'; data: { sealedKey: string; keyId: string } };

export const AI_PROVIDER_EVENT_TYPES = ['AiProviderConfigured', 'AiProviderKeyReplaced', 'AiProviderKeyRemoved', 'AiProviderKeyResealed'] as const satisfies readonly AiProviderEvent['type'][];

export interface AiProviderState {
  settings: AiProviderSettings;
  /** The key as sealed by the server (null: none set here). */
  sealedKey: string | null;
}

const sameSettings = (a: AiProviderSettings, b: AiProviderSettings): boolean =>
  a.baseUrl === b.baseUrl && a.model === b.model && a.fallback === b.fallback && a.userDailyLimit === b.userDailyLimit && a.installationMonthlyLimit === b.installationMonthlyLimit;

export const aiProviderDecider: Decider<AiProviderCommand, AiProviderEvent, AiProviderState> = {
  initialState: () => ({ settings: DEFAULT_AI_PROVIDER_SETTINGS, sealedKey: null }),
  decide: (command, state) => {
    switch (command.type) {
      case 'ConfigureAiProvider': {
        const events: AiProviderEvent[] = [];
        if (!sameSettings(command.settings, state.settings)) {
          events.push({ type: 'AiProviderConfigured', data: { ...command.settings, previous: state.settings } });
        }
        const key = command.key;
        if (key.kind === 'replace' && key.sealed !== state.sealedKey) events.push({ type: 'AiProviderKeyReplaced', data: { sealedKey: key.sealed } });
        if (key.kind === 'remove' && state.sealedKey !== null) events.push({ type: 'AiProviderKeyRemoved', data: {} });
        return events;
      }
      case 'ResealAiKey':
        if (state.sealedKey !== command.replaces || command.sealed === command.replaces) return [];
        return [{ type: 'AiProviderKeyResealed', data: { sealedKey: command.sealed, keyId: command.sealed.split('.')[1] ?? '' } }];
      default:
        return assertNever(command, 'AI provider command');
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'AiProviderConfigured': {
        const { previous: _previous, ...settings } = event.data;
        return { ...state, settings };
      }
      case 'AiProviderKeyReplaced':
      case 'AiProviderKeyResealed':
        return { ...state, sealedKey: event.data.sealedKey };
      case 'AiProviderKeyRemoved':
        return { ...state, sealedKey: null };
      default: {
        const _unknown: never = event;
        return state;
      }
    }
  },
};

export const AI_PROVIDER_MESSAGES = {
  baseUrl: 'The endpoint must be an http(s) URL such as https://api.openai.com/v1 or http://localhost:11434/v1',
  modelRequired: 'Model is required with an endpoint URL',
  keyAndRemove: 'Give a new key or remove the key, not both',
  limit: 'A limit is a whole number from 1 to 1,000,000, or empty for no limit',
  fallback: 'Choose wait or offline',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

const endpoint = z
  .string({ error: AI_PROVIDER_MESSAGES.baseUrl })
  .trim()
  .max(2000, AI_PROVIDER_MESSAGES.baseUrl)
  .nullish()
  .transform((v) => (v === undefined || v === null || v === '' ? null : v))
  .refine((v) => v === null || /^https?:\/\/[^\s/]+/i.test(v), AI_PROVIDER_MESSAGES.baseUrl)
  .refine((v) => {
    if (v === null) return true;
    try {
      const url = new URL(v);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, AI_PROVIDER_MESSAGES.baseUrl)
  // One spelling: without the trailing slash, so the saved URL and a test's compare equal.
  .transform((v) => (v === null ? null : v.replace(/\/+$/, '')));

const limit = z
  .number({ error: AI_PROVIDER_MESSAGES.limit })
  .int(AI_PROVIDER_MESSAGES.limit)
  .min(1, AI_PROVIDER_MESSAGES.limit)
  .max(1_000_000, AI_PROVIDER_MESSAGES.limit)
  .nullable()
  .default(null);

/** A new key (replaces the one set), or none given (keeps it). Never read back. */
const apiKey = z
  .string()
  .max(4000, 'The API key is at most 4,000 characters')
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** PUT /api/admin/ai-provider */
export const aiProviderBodySchema = z
  .object({
    baseUrl: endpoint,
    model: optionalText(200),
    apiKey,
    removeKey: z.boolean().optional().default(false),
    fallback: z.enum(AI_FALLBACKS, { error: AI_PROVIDER_MESSAGES.fallback }).default('wait'),
    userDailyLimit: limit,
    installationMonthlyLimit: limit,
  })
  .superRefine((body, ctx) => {
    if (body.baseUrl !== null && body.model === null) ctx.addIssue({ code: 'custom', path: ['model'], message: AI_PROVIDER_MESSAGES.modelRequired });
    if (body.apiKey !== undefined && body.removeKey) ctx.addIssue({ code: 'custom', path: ['apiKey'], message: AI_PROVIDER_MESSAGES.keyAndRemove });
  });
export type AiProviderBody = z.output<typeof aiProviderBodySchema>;

/** POST /api/admin/ai-provider/test: the form's values (unsaved), or nothing for the provider in use. */
export const aiProviderTestBodySchema = z
  .object({ baseUrl: endpoint, model: optionalText(200), apiKey })
  .superRefine((body, ctx) => {
    if (body.baseUrl !== null && body.model === null) ctx.addIssue({ code: 'custom', path: ['model'], message: AI_PROVIDER_MESSAGES.modelRequired });
  });
export type AiProviderTestBody = z.output<typeof aiProviderTestBodySchema>;

/** Where the writer in use comes from. */
export type AiProviderSource = 'admin' | 'environment' | 'none';

/** What GET /api/admin/ai-provider answers: never the key, only whether one is set. */
export interface AiProviderView {
  source: AiProviderSource;
  /** The endpoint and model in use (the environment's, when not set here). */
  baseUrl: string | null;
  model: string;
  keySet: boolean;
  /** What this page set (null fields: not set here). */
  saved: { baseUrl: string | null; model: string | null; keySet: boolean };
  /** What RIPOSTE_AI_* say (null: they set no provider). */
  environment: { baseUrl: string; model: string; keySet: boolean } | null;
  fallback: AiFallback;
  userDailyLimit: number | null;
  installationMonthlyLimit: number | null;
  usage: { today: number; month: number };
  updatedAt: string | null;
  updatedBy: string | null;
}

/** What the Test button answers: the sample reply, or the failure in plain words; the time either way. */
export type AiProviderTestResult =
  | { ok: true; reply: string; model: string; latencyMs: number; baseUrl: string }
  | { ok: false; message: string; code: string; latencyMs: number; baseUrl: string | null };

/** The post the Test button answers. */
export const AI_TEST_POST = 'Remote work is dead. Everyone is going back to the office by next year.';

/** Why a reply came from the offline writer although a provider is set. */
export const aiFallbackNote = (cause: string): string => `Written by the offline writer: ${cause.replace(/[.;]\s*$/, '')}`;

/**
 * What a reply's history says of a text the offline writer wrote in place of the provider, from
 * the failure its ReplyPrepared recorded; the failure's advice to try again is dropped (the run
 * did not wait).
 */
export const writtenOfflineLabel = (cause: string): string =>
  `Written offline: the AI provider failed (${cause.replace(/;\s*try again\b.*$/i, '').replace(/[.;]\s*$/, '')})`;
