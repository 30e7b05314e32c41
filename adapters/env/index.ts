/**
 * Environment parsing shared by every app (server, scheduler, CLI). Each app composes its own
 * schema from these pieces and calls `parseEnv` once at start-up; a bad value stops the app with a
 * message naming the variable, so whoever deploys sees at once which setting to fix.
 *
 * This lives in adapters/ rather than in one app because apps do not import each other
 * (tests/architecture/dependency-rule.ts).
 */
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import type { S3ImageStoreConfig } from '@adapters/image-store-s3';

/** An .env file often holds `NAME=` for "unset"; treat the empty string as absent. */
const blankAsUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());
/** `prefault`, not `default`: in zod 4 a default skips parsing, and these fallbacks are raw text. */
export const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess(blankAsUndefined, schema.prefault(fallback as never));

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** 'true'/'false', '1'/'0', 'yes'/'no', 'on'/'off' (any case). */
export const booleanFlag = (fallback: boolean) =>
  withDefault(
    z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .refine((s) => TRUE.includes(s) || FALSE.includes(s), { message: 'expected true or false (also 1/0, yes/no, on/off)' })
      .transform((s) => TRUE.includes(s)),
    fallback ? 'true' : 'false',
  );

/** A comma-separated list; blanks dropped, each item trimmed. */
export const commaList = () =>
  withDefault(
    z.string().transform((s) =>
      s
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
    '',
  );

export const port = (fallback: number) =>
  withDefault(
    z
      .string()
      .regex(/^\d+$/, { message: 'expected a whole number between 0 and 65535 (0 picks a free port)' })
      .transform(Number)
      .refine((n) => n <= 65535, { message: 'expected a whole number between 0 and 65535 (0 picks a free port)' }),
    String(fallback),
  );

export const host = (fallback: string) =>
  withDefault(z.string().regex(/^[A-Za-z0-9.:\-[\]]+$/, { message: 'expected a host name or an IP address' }), fallback);

/** A directory, resolved against the working directory at start-up. */
export const directory = (fallback: string) =>
  withDefault(z.string(), fallback).transform((p) => (isAbsolute(p) ? p : resolve(process.cwd(), p)));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const logLevel = () => withDefault(z.enum(LOG_LEVELS), 'info');

// The two settings the SQLite event store supports (docs/adr on durability): FULL survives power loss.
export const SQLITE_SYNCHRONOUS = ['NORMAL', 'FULL'] as const;
export const sqliteSynchronous = () =>
  withDefault(
    z.string().transform((s) => s.trim().toUpperCase()).pipe(z.enum(SQLITE_SYNCHRONOUS)),
    'FULL',
  );

export const httpUrl = () =>
  z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).transform((u) => u.replace(/\/+$/, ''));

/**
 * The event-store choice and its connection string, shared by the server and the scheduler. A
 * KurrentDB store without a connection string is refused here, naming RIPOSTE_KURRENTDB_URL.
 */
export const eventStoreShape = {
  RIPOSTE_EVENT_STORE: withDefault(z.enum(['sqlite', 'kurrentdb']), 'sqlite'),
  RIPOSTE_KURRENTDB_URL: optional(
    z
      .string()
      .regex(/^(kurrentdb|kurrent|esdb|kdb)(\+discover)?:\/\//, {
        message: 'expected a KurrentDB connection string such as kurrentdb://localhost:2113?tls=false',
      })
      // A conflicting append would then resolve as "not successful" instead of failing; the adapter
      // refuses it too (adapters/eventstore-kurrentdb/connection.ts), this names the variable.
      .refine((url) => !/[?&]throwOnAppendFailure=(?!true(&|$))/i.test(url), {
        message: 'remove throwOnAppendFailure: with false a conflicting append would look written',
      }),
  ),
  RIPOSTE_SQLITE_SYNCHRONOUS: sqliteSynchronous(),
  // The SQLite event file, when it is not <data>/events.db: processes on one machine with data
  // directories of their own share one file (the store serialises appends across processes).
  RIPOSTE_SQLITE_FILE: optional(z.string().transform((p) => (isAbsolute(p) ? p : resolve(process.cwd(), p)))),
};

/**
 * State shared by several processes (docs/adr/0031-shared-state-for-several-processes.md):
 * RIPOSTE_SHARED_URL (PostgreSQL) holds sessions, rate limits, X requests in flight and data keys;
 * RIPOSTE_UPLOADS_DIR is where every process keeps and finds uploaded images, or RIPOSTE_S3_* an
 * S3-compatible bucket they all use instead (adapters/image-store-s3).
 */
export const sharedShape = {
  RIPOSTE_SHARED_URL: optional(z.string().regex(/^postgres(ql)?:\/\/\S+$/, { message: 'expected a PostgreSQL URL such as postgres://riposte:secret@db:5432/riposte' })),
  RIPOSTE_UPLOADS_DIR: optional(z.string().transform((p) => (isAbsolute(p) ? p : resolve(process.cwd(), p)))),
  ...s3Shape(),
};

/** Uploaded images in an S3-compatible bucket (MinIO, Garage, Ceph, AWS): all four of URL, bucket and key pair, or none. */
function s3Shape() {
  return {
    RIPOSTE_S3_URL: optional(z.string().regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, { message: 'expected the S3 server address, such as http://minio:9000 or https://s3.eu-west-1.amazonaws.com' })),
    RIPOSTE_S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'expected a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)' })),
    RIPOSTE_S3_REGION: withDefault(z.string().regex(/^[a-z0-9-]+$/, { message: 'expected a region such as us-east-1' }), 'us-east-1'),
    RIPOSTE_S3_ACCESS_KEY_ID: optional(z.string()),
    RIPOSTE_S3_SECRET_ACCESS_KEY: optional(z.string()),
    RIPOSTE_S3_PREFIX: withDefault(z.string().regex(/^([A-Za-z0-9._-]+\/)*$/, { message: 'expected a key prefix ending in / (e.g. uploads/), or empty' }), 'uploads/'),
    RIPOSTE_S3_PATH_STYLE: booleanFlag(true),
  };
}

const S3_REQUIRED = ['RIPOSTE_S3_URL', 'RIPOSTE_S3_BUCKET', 'RIPOSTE_S3_ACCESS_KEY_ID', 'RIPOSTE_S3_SECRET_ACCESS_KEY'] as const;
type S3Env = { [K in (typeof S3_REQUIRED)[number]]?: string | undefined } & { RIPOSTE_S3_REGION?: string; RIPOSTE_S3_PREFIX?: string; RIPOSTE_S3_PATH_STYLE?: boolean };

/** The S3 image store's settings when RIPOSTE_S3_URL and the rest are set; undefined keeps images on the filesystem. */
export const s3ImageStoreConfigOf = (env: S3Env): S3ImageStoreConfig | undefined => {
  const { RIPOSTE_S3_URL: endpoint, RIPOSTE_S3_BUCKET: bucket, RIPOSTE_S3_ACCESS_KEY_ID: accessKeyId, RIPOSTE_S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (endpoint === undefined || bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) return undefined;
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    region: env.RIPOSTE_S3_REGION ?? 'us-east-1',
    prefix: env.RIPOSTE_S3_PREFIX ?? 'uploads/',
    forcePathStyle: env.RIPOSTE_S3_PATH_STYLE ?? true,
  };
};

/** Half an S3 setting is refused: images would silently stay on this machine's disk. */
const refuseHalfS3 = (env: S3Env & { RIPOSTE_UPLOADS_DIR?: string | undefined }, ctx: z.RefinementCtx): void => {
  const set = S3_REQUIRED.filter((name) => env[name] !== undefined);
  if (set.length === 0) return;
  for (const name of S3_REQUIRED) {
    if (env[name] !== undefined) continue;
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: `required with ${set.join(', ')}: images go to an S3-compatible bucket only when RIPOSTE_S3_URL, RIPOSTE_S3_BUCKET, RIPOSTE_S3_ACCESS_KEY_ID and RIPOSTE_S3_SECRET_ACCESS_KEY are all set (unset them all to keep images on disk)`,
    });
  }
  if (env.RIPOSTE_UPLOADS_DIR !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['RIPOSTE_UPLOADS_DIR'], message: 'set RIPOSTE_UPLOADS_DIR or the RIPOSTE_S3_* settings, not both: images are kept in one place' });
  }
};

interface SharingEnv extends S3Env {
  RIPOSTE_SHARED_URL?: string | undefined;
  RIPOSTE_UPLOADS_DIR?: string | undefined;
  RIPOSTE_EVENT_STORE: 'sqlite' | 'kurrentdb';
  RIPOSTE_SQLITE_FILE?: string | undefined;
  RIPOSTE_TOKEN_KEY?: string | undefined;
  RIPOSTE_X_API_KEY?: string | undefined;
  RIPOSTE_X_API_URL?: string | undefined;
  RIPOSTE_X_SANDBOX?: string | undefined;
}

/**
 * With RIPOSTE_SHARED_URL several processes serve one installation: refuse the settings under which
 * each would still keep something of its own that the others need.
 */
export const refuseBrokenSharing = (env: SharingEnv, ctx: z.RefinementCtx): void => {
  refuseHalfS3(env, ctx);
  if (env.RIPOSTE_SHARED_URL === undefined) return;
  const refuse = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
  if (env.RIPOSTE_TOKEN_KEY === undefined) {
    refuse('RIPOSTE_TOKEN_KEY', 'required with RIPOSTE_SHARED_URL: every process must seal and open X tokens with the same key (generate one with: openssl rand -base64 32)');
  }
  if (env.RIPOSTE_EVENT_STORE === 'sqlite' && env.RIPOSTE_SQLITE_FILE === undefined) {
    refuse('RIPOSTE_SQLITE_FILE', "required with RIPOSTE_SHARED_URL and the SQLite store: the events would stay in this process's data directory; name one file every process on this machine opens, or use RIPOSTE_EVENT_STORE=kurrentdb");
  }
  if (env.RIPOSTE_UPLOADS_DIR === undefined && env.RIPOSTE_S3_URL === undefined) {
    refuse('RIPOSTE_UPLOADS_DIR', "required with RIPOSTE_SHARED_URL (or the RIPOSTE_S3_* settings): uploaded images would stay in this process's data directory and the others would answer 404; name a directory every process reads and writes, or an S3-compatible bucket");
  }
  if (env.RIPOSTE_X_API_KEY === undefined && env.RIPOSTE_X_SANDBOX !== 'false' && env.RIPOSTE_X_API_URL === undefined) {
    refuse('RIPOSTE_X_API_URL', 'required with RIPOSTE_SHARED_URL in sandbox mode: each process would run a sandbox X of its own, and an X flow started on one could not finish on another; run one (npx tsx adapters/x-emulator/main.ts) and name it here');
  }
};

export const requireKurrentUrl = (
  env: { RIPOSTE_EVENT_STORE: 'sqlite' | 'kurrentdb'; RIPOSTE_KURRENTDB_URL?: string | undefined },
  ctx: z.RefinementCtx,
): void => {
  if (env.RIPOSTE_EVENT_STORE === 'kurrentdb' && env.RIPOSTE_KURRENTDB_URL === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['RIPOSTE_KURRENTDB_URL'],
      message: 'required when RIPOSTE_EVENT_STORE=kurrentdb (for example kurrentdb://localhost:2113?tls=false)',
    });
  }
};

/** A bad environment: every problem, each naming its variable. */
export class EnvError extends Error {
  readonly problems: { variable: string; message: string }[];

  constructor(problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}\n` +
        'See .env.example for every variable and its default.',
    );
    this.name = 'EnvError';
    this.problems = problems;
  }
}

/** Values never echoed in an error message: they may be secrets. */
const SECRET = /PASSWORD|SECRET|KEY|TOKEN|URL/;

export const parseEnv = <S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.output<S> => {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? '(environment)');
    const raw = env[variable];
    const shown = raw === undefined || SECRET.test(variable) ? '' : ` (got ${JSON.stringify(raw)})`;
    return { variable, message: `${issue.message}${shown}` };
  });
  throw new EnvError(problems);
};

export const isEnvError = (e: unknown): e is EnvError => e instanceof EnvError;

/** RIPOSTE_SCHEDULER_INTERVAL_MS: how often the scheduler looks for work (server and scheduler app). */
export const schedulerIntervalMs = () =>
  withDefault(
    z
      .string()
      .regex(/^\d+$/, { message: 'expected milliseconds as a whole number' })
      .transform(Number)
      .pipe(z.number().min(50, { message: 'expected at least 50 ms' }).max(60_000, { message: 'expected at most 60000 ms' })),
    '1000',
  );

/** RIPOSTE_UPLOAD_GRACE_HOURS: how long an uploaded image no schedule or template uses is kept (server and scheduler app). */
export const uploadGraceHours = () =>
  withDefault(
    z
      .string()
      .regex(/^\d+$/, { message: 'expected hours as a whole number' })
      .transform(Number)
      .pipe(z.number().min(1, { message: 'expected at least 1 hour' }).max(24 * 365, { message: 'expected at most 8760 hours' })),
    '24',
  );

const POST_LIMIT_FORMAT = 'expected <posts>/<window> with the window in minutes or hours, at most 24h (e.g. 100/15m, 10000/24h)';

/** `100/15m`, `10000/24h`: a number of posts per window (minutes or hours, up to a day). */
const postLimit = z
  .string()
  .regex(/^[1-9]\d{0,6}\/[1-9]\d{0,4}[mh]$/, { message: POST_LIMIT_FORMAT })
  .transform((v) => {
    const [count, window] = v.split('/') as [string, string];
    const n = Number(window.slice(0, -1));
    return { limit: Number(count), windowMs: n * (window.endsWith('h') ? 3_600_000 : 60_000) };
  })
  .refine((l) => l.windowMs <= 86_400_000, { message: POST_LIMIT_FORMAT });

/**
 * The dispatch settings both apps read (server with the embedded scheduler, `npm run scheduler`):
 *  - RIPOSTE_X_DETECT_INTERVAL_MS: at most one read of a connected account's own recent posts per
 *    this interval while it has replies ready or unconfirmed (detection, reconciliation);
 *  - RIPOSTE_DISPATCH_CONCURRENCY: replies in flight at once per process;
 *  - RIPOSTE_DISPATCH_LEAD_MS: how long before its time a run is claimed and its reply prepared
 *    (target post, text, AI), so that at the time only the post is left; 0 prepares at the time;
 *  - RIPOSTE_DISPATCH_LEASE_MS: how long a claimed run stays its scheduler's without that scheduler
 *    finishing it; a scheduler that died is taken over after this;
 *  - RIPOSTE_X_RECONCILE_AFTER_MS: an unconfirmed reply not found among its account's posts on X
 *    after this long is settled as not posted;
 *  - RIPOSTE_X_ACCOUNT_POST_LIMIT, RIPOSTE_X_APP_POST_LIMIT: X's posting limits of the app's plan,
 *    as `<posts>/<window>` with the window in minutes or hours (`100/15m`, `10000/24h`, X's
 *    published ones and the defaults); Riposte stays inside them and shares the app's fairly;
 *  - RIPOSTE_DISPATCH_CRASH_AT: test only, see dispatchCrashAt.
 */
export const dispatchShape = {
  RIPOSTE_X_ACCOUNT_POST_LIMIT: withDefault(postLimit, '100/15m'),
  RIPOSTE_X_APP_POST_LIMIT: withDefault(postLimit, '10000/24h'),
  RIPOSTE_X_DETECT_INTERVAL_MS: withDefault(
    z
      .string()
      .regex(/^\d+$/, { message: 'expected milliseconds as a whole number' })
      .transform(Number)
      .pipe(z.number().min(100, { message: 'expected at least 100 ms' }).max(3_600_000, { message: 'expected at most 3600000 ms' })),
    '30000',
  ),
  RIPOSTE_DISPATCH_CONCURRENCY: withDefault(
    z
      .string()
      .regex(/^\d+$/, { message: 'expected a whole number from 1 to 1000' })
      .transform(Number)
      .pipe(z.number().min(1, { message: 'expected a whole number from 1 to 1000' }).max(1000, { message: 'expected a whole number from 1 to 1000' })),
    '256',
  ),
  RIPOSTE_DISPATCH_LEAD_MS: withDefault(
    z
      .string()
      .regex(/^\d+$/, { message: 'expected milliseconds as a whole number' })
      .transform(Number)
      .pipe(z.number().max(120_000, { message: 'expected at most 120000 ms' })),
    '30000',
  ),
  RIPOSTE_DISPATCH_LEASE_MS: withDefault(
    z
      .string()
      .regex(/^\d+$/, { message: 'expected milliseconds as a whole number' })
      .transform(Number)
      .pipe(z.number().min(1_000, { message: 'expected at least 1000 ms' }).max(3_600_000, { message: 'expected at most 3600000 ms' })),
    '300000',
  ),
  RIPOSTE_X_RECONCILE_AFTER_MS: withDefault(
    z
      .string()
      .regex(/^\d+$/, { message: 'expected milliseconds as a whole number' })
      .transform(Number)
      .pipe(z.number().min(1_000, { message: 'expected at least 1000 ms' }).max(86_400_000, { message: 'expected at most 86400000 ms' })),
    '60000',
  ),
  RIPOSTE_DISPATCH_CRASH_AT: optional(
    z.enum(['after_claim', 'after_sending', 'after_x_accepted', 'during_reconcile'], {
      error: 'expected after_claim, after_sending, after_x_accepted or during_reconcile (test only)',
    }),
  ),
  NODE_ENV: optional(z.string()),
};

/**
 * RIPOSTE_DISPATCH_CRASH_AT makes the scheduler SIGKILL itself at that step of a send, and
 * RIPOSTE_TEST_CLOCK_FILE moves its clock from outside (adapters/clock/test-clock), for the crash
 * and fault tests. Never in production: refused when NODE_ENV=production.
 */
export const refuseTestOnlyInProduction = (
  env: { RIPOSTE_DISPATCH_CRASH_AT?: string | undefined; RIPOSTE_TEST_CLOCK_FILE?: string | undefined; NODE_ENV?: string | undefined },
  ctx: z.RefinementCtx,
): void => {
  if (env.NODE_ENV !== 'production') return;
  if (env.RIPOSTE_DISPATCH_CRASH_AT !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['RIPOSTE_DISPATCH_CRASH_AT'], message: 'kills the process on purpose and is for tests only; remove it in production' });
  }
  if (env.RIPOSTE_TEST_CLOCK_FILE !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['RIPOSTE_TEST_CLOCK_FILE'], message: 'moves the clock on purpose and is for tests only; remove it in production' });
  }
};
