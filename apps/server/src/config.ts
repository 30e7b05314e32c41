/**
 * The server's environment, parsed once at start-up (.env.example documents every variable).
 * The pieces come from @adapters/env so the scheduler and the CLI parse the same variables the
 * same way.
 */
import { join } from 'node:path';
import { z } from 'zod';
import {
  booleanFlag,
  commaList,
  directory,
  dispatchShape,
  eventStoreShape,
  host,
  httpUrl,
  logLevel,
  optional,
  parseEnv,
  port,
  refuseBrokenSharing,
  refuseTestOnlyInProduction,
  requireKurrentUrl,
  s3ImageStoreConfigOf,
  sharedShape,
  schedulerIntervalMs,
  uploadGraceHours,
  withDefault,
} from '@adapters/env';
import type { DiskReserve } from '@core/images';
import { DEFAULT_SCHEDULE_CAPS, type ScheduleCaps } from '@core/scheduling/access';
import { DEFAULT_READ_SHARE, type ReadShareLimits } from './http/read-share';
import type { PostBudgets } from '@core/replies';
import { aiEnvSchema, type AiEnv } from '@adapters/ai-openai';
import { tokenEnvSchema, type TokenEnv } from '@adapters/crypto-tokens';
import { pushEnvSchema, refuseHalfVapidPair, type PushEnv } from '@adapters/push/config';
import { xEnvSchema, type XEnv } from '@adapters/x-twitter/config';
import { paypalEnvSchema, type PayPalEnv } from '@adapters/paypal/config';
import { mailConfigFrom, mailEnvShape } from '@adapters/mail/config';
import { eventStoreConfigFromEnv, type EventStoreConfig } from '@adapters/eventstore-open';
import { UPLOADS_DIR } from '@adapters/image-store';
import type { S3ImageStoreConfig } from '@adapters/image-store-s3';
import { LIMITS } from '@core/users/constants';
import { passwordLength } from '@core/users/schemas';
import type { UploadLimits } from './schedules/upload-limits';

/**
 * RIPOSTE_TRUST_PROXY: how many reverse proxies the operator runs in front of the server. Each
 * appends the address it received the request from to X-Forwarded-For, so the client's address is
 * that many entries from the right; anything further left was written by the client and is not
 * believed. `true` (yes/on) means one proxy, `false` (no/off) or 0 means none (forwarded headers ignored).
 */
const trustProxyHops = () =>
  withDefault(
    z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .transform((s) => (['true', 'yes', 'on'].includes(s) ? '1' : ['false', 'no', 'off'].includes(s) ? '0' : s))
      .refine((s) => /^(?:[0-9]|10)$/.test(s), { message: 'expected the number of trusted proxies in front of the server (0-10; true means 1, false means 0)' })
      .transform(Number),
    'false',
  );

/** Test-only switch for cheap password hashes; refused unless NODE_ENV=test (see .env.example). */
const FAST_HASHES = 'RIPOSTE_TEST_FAST_HASHES';

const MIB = 1024 * 1024;
const UNIT_BYTES = { mib: MIB, gib: 1024 * MIB, tib: 1024 * 1024 * MIB } as const;

const wholeNumber = (fallback: string, what: string) =>
  withDefault(z.string().regex(/^\d+$/, { message: `expected a whole number (${what})` }).transform(Number), fallback);

/** RIPOSTE_DISK_RESERVE: '1GiB', '512MiB', '2TiB' or a share of the filesystem, '5%'. */
const diskReserve = () =>
  withDefault(
    z
      .string()
      .trim()
      .transform((s, ctx): DiskReserve => {
        const m = /^(\d+(?:\.\d+)?)\s*(MiB|GiB|TiB|%)$/i.exec(s);
        const value = Number(m?.[1]);
        const unit = m?.[2]?.toLowerCase();
        if (m === null || unit === undefined || !Number.isFinite(value) || (unit === '%' && value > 100)) {
          ctx.addIssue({ code: 'custom', message: "expected a size such as '1GiB' or '512MiB', or a share of the disk such as '5%'" });
          return z.NEVER;
        }
        return unit === '%' ? { kind: 'percent', percent: value } : { kind: 'bytes', bytes: Math.ceil(value * UNIT_BYTES[unit as keyof typeof UNIT_BYTES]) };
      }),
    '1GiB',
  );

const wholeNumberAtLeastOne = () =>
  z
    .string()
    .regex(/^\d+$/, { message: 'expected a whole number of at least 1' })
    .transform(Number)
    .refine((n) => n >= 1, { message: 'expected a whole number of at least 1' });

export const serverEnvSchema = z
  .object({
    PORT: port(3000),
    // Loopback by default: a fresh clone prints a generated admin password and should not be
    // reachable from the network until someone decides so (containers set HOST=0.0.0.0).
    HOST: host('127.0.0.1'),
    RIPOSTE_DATA_DIR: directory('./data'),
    ...eventStoreShape,
    // Shared state for several servers and schedulers (adapters/shared-postgres); unset: per process.
    ...sharedShape,
    // The same length rule as every other password (core/users: NIST SP 800-63B).
    RIPOSTE_ADMIN_PASSWORD: optional(
      z
        .string()
        .refine((v) => passwordLength(v) >= LIMITS.passwordMin, { message: `must be at least ${LIMITS.passwordMin} characters` })
        .refine((v) => passwordLength(v) <= LIMITS.passwordMax, { message: `must be at most ${LIMITS.passwordMax} characters` }),
    ),
    RIPOSTE_SESSION_KEYS: optional(
      z
        .string()
        .transform((s) => s.split(',').map((k) => k.trim()).filter((k) => k !== ''))
        .refine((keys) => keys.length > 0 && keys.every((k) => k.length >= 32), {
          message: 'expected a comma-separated list of keys of at least 32 characters each (newest first)',
        }),
    ),
    RIPOSTE_PUBLIC_URL: optional(httpUrl()),
    // Host names served besides the public URL's and the listening address (http/allowed-hosts.ts).
    RIPOSTE_ALLOWED_HOSTS: commaList(),
    RIPOSTE_TRUST_PROXY: trustProxyHops(),
    RIPOSTE_SCHEDULER: withDefault(z.enum(['embedded', 'external', 'off']), 'embedded'),
    RIPOSTE_SCHEDULER_INTERVAL_MS: schedulerIntervalMs(),
    RIPOSTE_LEGACY_USERNAMES: commaList(),
    // Legacy mode's PIN (monitored accounts), checked on the server; unset means legacy mode is off.
    RIPOSTE_LEGACY_PIN: optional(z.string().trim().min(4, { message: 'must be at least 4 characters' })),
    // The bearer a Prometheus scraper sends to GET /metrics; unset, /metrics is not served (ADR 0053).
    RIPOSTE_METRICS_TOKEN: optional(z.string().trim().regex(/^[\x21-\x7e]{32,}$/, { message: 'must be at least 32 visible ASCII characters (e.g. openssl rand -hex 32)' })),
    RIPOSTE_EMAIL_TEST_MODE: booleanFlag(false),
    // Mail (adapters/mail/config.ts): an SMTP URL sends through that server; unset keeps every
    // message as a file in <data>/mail, listed on the admin's sandbox Mailbox page.
    ...mailEnvShape,
    // Sign-ups one address may attempt per hour; 0 = no limit.
    RIPOSTE_TOKEN_RATE_LIMIT: withDefault(z.string().regex(/^\d+$/, { message: 'expected a whole number (0 = no limit)' }).transform(Number), '600'),
    // Schedules one user may keep, per plan (admins count as Premium).
    RIPOSTE_SCHEDULE_CAP_TRIAL: withDefault(wholeNumberAtLeastOne(), String(DEFAULT_SCHEDULE_CAPS.trial)),
    RIPOSTE_SCHEDULE_CAP_PREMIUM: withDefault(wholeNumberAtLeastOne(), String(DEFAULT_SCHEDULE_CAPS.premium)),
    RIPOSTE_SCHEDULE_CAP_LEGACY: withDefault(wholeNumberAtLeastOne(), String(DEFAULT_SCHEDULE_CAPS.legacy)),
    RIPOSTE_REGISTER_LIMIT: withDefault(z.string().regex(/^\d+$/, { message: 'expected a whole number (0 = no limit)' }).transform(Number), '10'),
    // One user's share of the server's time for API reads, their backlog before 429, and reads in
    // flight at once (apps/server/src/http/read-share.ts).
    RIPOSTE_READ_SHARE: withDefault(
      z
        .string()
        .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { message: 'expected a fraction above 0 and at most 1, such as 0.5' })
        .transform(Number)
        .pipe(z.number().gt(0, { message: 'expected a fraction above 0 and at most 1, such as 0.5' })),
      String(DEFAULT_READ_SHARE.share),
    ),
    RIPOSTE_READ_BURST_MS: withDefault(wholeNumberAtLeastOne(), String(DEFAULT_READ_SHARE.burstMs)),
    RIPOSTE_READ_CONCURRENCY: withDefault(wholeNumberAtLeastOne(), String(DEFAULT_READ_SHARE.concurrent)),
    // Password hashes and checks (argon2id, 19 MiB each) running at once; a few more may wait.
    RIPOSTE_PASSWORD_HASH_CONCURRENCY: withDefault(
      z
        .string()
        .regex(/^\d+$/, { message: 'expected a whole number from 1 to 64' })
        .transform(Number)
        .pipe(z.number().min(1, { message: 'expected a whole number from 1 to 64' }).max(64, { message: 'expected a whole number from 1 to 64' })),
      '2',
    ),
    // AI calls (repurpose, generate, preview) one user may make per 10 minutes; 0 = no limit.
    RIPOSTE_AI_USER_LIMIT: withDefault(z.string().regex(/^\d+$/, { message: 'expected a whole number (0 = no limit)' }).transform(Number), '60'),
    // Uploads (apps/server/src/schedules/upload-limits.ts): per-user quota (0 = no limit of that
    // kind) and rate, the free space kept for the event store, and how long unused images stay.
    RIPOSTE_UPLOAD_QUOTA_MB: wholeNumber('100', 'MiB per user, 0 = no limit'),
    RIPOSTE_UPLOAD_QUOTA_FILES: wholeNumber('200', 'images per user, 0 = no limit'),
    RIPOSTE_UPLOAD_RATE: wholeNumber('30', 'uploads per user per 10 minutes, 0 = no limit'),
    RIPOSTE_UPLOAD_GRACE_HOURS: uploadGraceHours(),
    RIPOSTE_DISK_RESERVE: diskReserve(),
    // The AI writer (adapters/ai-openai/config.ts): none set means the offline writer.
    ...aiEnvSchema.shape,
    // X (adapters/x-twitter/open.ts): both key and secret talk to X; neither means the bundled X
    // emulator (sandbox), on RIPOSTE_X_SANDBOX_PORT (0: any free port) unless RIPOSTE_X_API_URL
    // names one already running. RIPOSTE_X_SANDBOX=false refuses the sandbox, so X calls answer 503.
    ...xEnvSchema.shape,
    RIPOSTE_X_SANDBOX: optional(z.enum(['true', 'false'])),
    // PayPal (adapters/paypal/config.ts): client id and secret talk to PayPal (RIPOSTE_PAYPAL_ENV);
    // neither means the bundled PayPal emulator (sandbox checkout).
    ...paypalEnvSchema.shape,
    // Dispatch of due replies (adapters/dispatch), shared with `npm run scheduler`.
    ...dispatchShape,
    // Token encryption at rest (adapters/crypto-tokens): unset keeps a generated key in <data>/token-key.
    ...tokenEnvSchema.shape,
    // Web Push (adapters/push): unset keeps a generated VAPID pair in <data>/vapid-keys.json.
    ...pushEnvSchema.shape,
    LOG_LEVEL: logLevel(),
    NODE_ENV: optional(z.string()),
    [FAST_HASHES]: booleanFlag(false),
  })
  .superRefine((env, ctx) => {
    requireKurrentUrl(env, ctx);
    refuseHalfVapidPair(env, ctx);
    refuseTestOnlyInProduction(env, ctx);
    refuseBrokenSharing(env, ctx);
    if (env.RIPOSTE_SHARED_URL !== undefined && env.RIPOSTE_SESSION_KEYS === undefined) {
      ctx.addIssue({ code: 'custom', path: ['RIPOSTE_SESSION_KEYS'], message: "required with RIPOSTE_SHARED_URL: a session cookie signed by one server must verify on every other (keys of at least 32 characters, comma-separated, newest first)" });
    }
    if (env.RIPOSTE_SHARED_URL !== undefined && env.RIPOSTE_PAYPAL_CLIENT_ID === undefined && env.RIPOSTE_PAYPAL_API_URL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['RIPOSTE_PAYPAL_API_URL'], message: 'required with RIPOSTE_SHARED_URL in sandbox mode: each server would run a PayPal emulator of its own, and an order made on one could not be captured on another; name one emulator here' });
    }
    if ((env.RIPOSTE_X_API_KEY === undefined) !== (env.RIPOSTE_X_API_SECRET === undefined)) {
      const missing = env.RIPOSTE_X_API_KEY === undefined ? 'RIPOSTE_X_API_KEY' : 'RIPOSTE_X_API_SECRET';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set both RIPOSTE_X_API_KEY and RIPOSTE_X_API_SECRET, or neither (sandbox X)' });
    }
    if ((env.RIPOSTE_PAYPAL_CLIENT_ID === undefined) !== (env.RIPOSTE_PAYPAL_SECRET === undefined)) {
      const missing = env.RIPOSTE_PAYPAL_CLIENT_ID === undefined ? 'RIPOSTE_PAYPAL_CLIENT_ID' : 'RIPOSTE_PAYPAL_SECRET';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'set both RIPOSTE_PAYPAL_CLIENT_ID and RIPOSTE_PAYPAL_SECRET, or neither (sandbox checkout)' });
    }
    if (env[FAST_HASHES] && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: [FAST_HASHES],
        message: 'weakens password hashing and is honoured only by the test suite (NODE_ENV=test); remove it',
      });
    }
  });

export type ServerEnv = z.output<typeof serverEnvSchema>;

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  eventStore: EventStoreConfig;
  /** RIPOSTE_SHARED_URL: PostgreSQL for sessions, rate limits, X requests in flight and data keys (unset: this process and its data directory). */
  sharedUrl: string | undefined;
  /** RIPOSTE_UPLOADS_DIR, else <data>/uploads. */
  uploadsDir: string;
  /** RIPOSTE_S3_*: uploaded images in an S3-compatible bucket instead of uploadsDir. */
  s3?: S3ImageStoreConfig | undefined;
  adminPassword: string | undefined;
  sessionKeys: string[] | undefined;
  publicUrl: string | undefined;
  /** RIPOSTE_ALLOWED_HOSTS: more host names this server answers to (http/allowed-hosts.ts). */
  allowedHosts: string[];
  /** Cookies get `Secure` and the `__Host-` prefix when the public URL is https. */
  https: boolean;
  /** Reverse proxies in front of the server (0: X-Forwarded-* ignored); see trustProxyHops. */
  trustedProxyHops: number;
  scheduler: ServerEnv['RIPOSTE_SCHEDULER'];
  schedulerIntervalMs: number;
  legacyUsernames: string[];
  /** RIPOSTE_LEGACY_PIN; undefined turns legacy mode off. */
  legacyPin: string | undefined;
  /** RIPOSTE_METRICS_TOKEN: the bearer GET /metrics asks for; undefined: /metrics is not served. */
  metricsToken: string | undefined;
  emailTestModeEverywhere: boolean;
  /** RIPOSTE_SMTP_URL (unset: the local mail sink) and RIPOSTE_MAIL_FROM. */
  mail: { smtpUrl: string | undefined; from: string };
  /** RIPOSTE_SCHEDULE_CAP_*: schedules one user may keep, per plan. */
  scheduleCaps: ScheduleCaps;
  /** RIPOSTE_REGISTER_LIMIT: sign-ups per address per hour (0: no limit). */
  registerLimit: number;
  /** RIPOSTE_READ_SHARE, RIPOSTE_READ_BURST_MS, RIPOSTE_READ_CONCURRENCY: one user's bound on API reads. */
  readShare: ReadShareLimits;
  /** RIPOSTE_TOKEN_RATE_LIMIT: requests per personal access token per minute (0: no limit). */
  tokenRateLimit: number;
  /** RIPOSTE_PASSWORD_HASH_CONCURRENCY: argon2 hashes and checks at once. */
  hashConcurrency: number;
  /** RIPOSTE_AI_USER_LIMIT: AI calls per user per 10 minutes (0: no limit). */
  aiUserLimit: number;
  /** RIPOSTE_UPLOAD_* and RIPOSTE_DISK_RESERVE (apps/server/src/schedules/upload-limits.ts). */
  uploads: UploadLimits;
  /** RIPOSTE_AI_*; `wantsOpenAi(ai)` says whether a model-backed writer is configured. */
  ai: AiEnv;
  /** X app credentials; `sandbox` is true when the bundled emulator stands in for X. */
  x: XEnv & { sandbox: boolean };
  tokens: TokenEnv;
  push: PushEnv;
  /** PayPal credentials and options; without credentials the bundled emulator (sandbox checkout). */
  paypal: PayPalEnv;
  /**
   * RIPOSTE_X_DETECT_INTERVAL_MS, RIPOSTE_DISPATCH_CONCURRENCY, RIPOSTE_DISPATCH_LEAD_MS, RIPOSTE_DISPATCH_LEASE_MS,
   * RIPOSTE_X_RECONCILE_AFTER_MS, RIPOSTE_X_ACCOUNT_POST_LIMIT, RIPOSTE_X_APP_POST_LIMIT and the
   * test-only RIPOSTE_DISPATCH_CRASH_AT.
   */
  dispatch: {
    detectEveryMs: number;
    concurrency: number;
    leadMs: number;
    leaseMs: number;
    reconcileAfterMs: number;
    postBudgets: PostBudgets;
    crashAt: ServerEnv['RIPOSTE_DISPATCH_CRASH_AT'];
  };
  logLevel: ServerEnv['LOG_LEVEL'];
  fastHashes: boolean;
}

export const toServerConfig = (env: ServerEnv): ServerConfig => ({
  port: env.PORT,
  host: env.HOST,
  dataDir: env.RIPOSTE_DATA_DIR,
  eventStore: eventStoreConfigFromEnv(env),
  sharedUrl: env.RIPOSTE_SHARED_URL,
  uploadsDir: env.RIPOSTE_UPLOADS_DIR ?? join(env.RIPOSTE_DATA_DIR, UPLOADS_DIR),
  s3: s3ImageStoreConfigOf(env),
  adminPassword: env.RIPOSTE_ADMIN_PASSWORD,
  sessionKeys: env.RIPOSTE_SESSION_KEYS,
  publicUrl: env.RIPOSTE_PUBLIC_URL,
  allowedHosts: env.RIPOSTE_ALLOWED_HOSTS,
  https: env.RIPOSTE_PUBLIC_URL?.startsWith('https://') ?? false,
  trustedProxyHops: env.RIPOSTE_TRUST_PROXY,
  scheduler: env.RIPOSTE_SCHEDULER,
  schedulerIntervalMs: env.RIPOSTE_SCHEDULER_INTERVAL_MS,
  legacyUsernames: env.RIPOSTE_LEGACY_USERNAMES,
  legacyPin: env.RIPOSTE_LEGACY_PIN,
  metricsToken: env.RIPOSTE_METRICS_TOKEN,
  emailTestModeEverywhere: env.RIPOSTE_EMAIL_TEST_MODE,
  mail: mailConfigFrom(env),
  scheduleCaps: { trial: env.RIPOSTE_SCHEDULE_CAP_TRIAL, premium: env.RIPOSTE_SCHEDULE_CAP_PREMIUM, legacy: env.RIPOSTE_SCHEDULE_CAP_LEGACY },
  registerLimit: env.RIPOSTE_REGISTER_LIMIT,
  readShare: { share: env.RIPOSTE_READ_SHARE, burstMs: env.RIPOSTE_READ_BURST_MS, concurrent: env.RIPOSTE_READ_CONCURRENCY },
  tokenRateLimit: env.RIPOSTE_TOKEN_RATE_LIMIT,
  hashConcurrency: env.RIPOSTE_PASSWORD_HASH_CONCURRENCY,
  aiUserLimit: env.RIPOSTE_AI_USER_LIMIT,
  uploads: {
    quota: { maxBytes: env.RIPOSTE_UPLOAD_QUOTA_MB * MIB, maxFiles: env.RIPOSTE_UPLOAD_QUOTA_FILES },
    ratePerWindow: env.RIPOSTE_UPLOAD_RATE,
    reserve: env.RIPOSTE_DISK_RESERVE,
    graceHours: env.RIPOSTE_UPLOAD_GRACE_HOURS,
  },
  ai: {
    RIPOSTE_AI_BASE_URL: env.RIPOSTE_AI_BASE_URL,
    RIPOSTE_AI_API_KEY: env.RIPOSTE_AI_API_KEY,
    RIPOSTE_AI_MODEL: env.RIPOSTE_AI_MODEL,
    RIPOSTE_AI_TIMEOUT_MS: env.RIPOSTE_AI_TIMEOUT_MS,
    RIPOSTE_AI_MAX_RETRIES: env.RIPOSTE_AI_MAX_RETRIES,
  },
  x: {
    RIPOSTE_X_API_KEY: env.RIPOSTE_X_API_KEY,
    RIPOSTE_X_API_SECRET: env.RIPOSTE_X_API_SECRET,
    RIPOSTE_X_BEARER_TOKEN: env.RIPOSTE_X_BEARER_TOKEN,
    RIPOSTE_X_API_URL: env.RIPOSTE_X_API_URL,
    RIPOSTE_X_ACCESS: env.RIPOSTE_X_ACCESS,
    RIPOSTE_X_DELIVERY: env.RIPOSTE_X_DELIVERY,
    RIPOSTE_X_SUMMON_RULE: env.RIPOSTE_X_SUMMON_RULE,
    RIPOSTE_X_WATCH: env.RIPOSTE_X_WATCH,
    RIPOSTE_X_SANDBOX_PORT: env.RIPOSTE_X_SANDBOX_PORT,
    RIPOSTE_X_TIMEOUT_MS: env.RIPOSTE_X_TIMEOUT_MS,
    sandbox: env.RIPOSTE_X_API_KEY === undefined && env.RIPOSTE_X_SANDBOX !== 'false',
  },
  dispatch: {
    detectEveryMs: env.RIPOSTE_X_DETECT_INTERVAL_MS,
    concurrency: env.RIPOSTE_DISPATCH_CONCURRENCY,
    leadMs: env.RIPOSTE_DISPATCH_LEAD_MS,
    leaseMs: env.RIPOSTE_DISPATCH_LEASE_MS,
    reconcileAfterMs: env.RIPOSTE_X_RECONCILE_AFTER_MS,
    postBudgets: { account: env.RIPOSTE_X_ACCOUNT_POST_LIMIT, app: env.RIPOSTE_X_APP_POST_LIMIT },
    crashAt: env.RIPOSTE_DISPATCH_CRASH_AT,
  },
  tokens: { RIPOSTE_TOKEN_KEY: env.RIPOSTE_TOKEN_KEY, RIPOSTE_TOKEN_OLD_KEYS: env.RIPOSTE_TOKEN_OLD_KEYS },
  push: {
    RIPOSTE_VAPID_PUBLIC_KEY: env.RIPOSTE_VAPID_PUBLIC_KEY,
    RIPOSTE_VAPID_PRIVATE_KEY: env.RIPOSTE_VAPID_PRIVATE_KEY,
    RIPOSTE_VAPID_SUBJECT: env.RIPOSTE_VAPID_SUBJECT,
    RIPOSTE_PUSH_HOSTS: env.RIPOSTE_PUSH_HOSTS,
  },
  paypal: {
    RIPOSTE_PAYPAL_CLIENT_ID: env.RIPOSTE_PAYPAL_CLIENT_ID,
    RIPOSTE_PAYPAL_SECRET: env.RIPOSTE_PAYPAL_SECRET,
    RIPOSTE_PAYPAL_ENV: env.RIPOSTE_PAYPAL_ENV,
    RIPOSTE_PAYPAL_WEBHOOK_ID: env.RIPOSTE_PAYPAL_WEBHOOK_ID,
    RIPOSTE_PAYPAL_API_URL: env.RIPOSTE_PAYPAL_API_URL,
    RIPOSTE_PAYPAL_SANDBOX_PORT: env.RIPOSTE_PAYPAL_SANDBOX_PORT,
    RIPOSTE_PAYPAL_TIMEOUT_MS: env.RIPOSTE_PAYPAL_TIMEOUT_MS,
  },
  logLevel: env.LOG_LEVEL,
  fastHashes: env[FAST_HASHES],
});

/** Throws EnvError (naming every bad variable) on a bad environment. */
export const loadServerConfig = (env: Record<string, string | undefined>): ServerConfig =>
  toServerConfig(parseEnv(serverEnvSchema, env));
