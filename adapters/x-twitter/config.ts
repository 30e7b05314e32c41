/**
 * X configuration from the environment, validated at start-up:
 *  - RIPOSTE_X_API_KEY and RIPOSTE_X_API_SECRET: the app's consumer key and secret (OAuth 1.0a).
 *    Both or neither: with neither, Riposte runs in sandbox mode against the bundled emulator.
 *  - RIPOSTE_X_BEARER_TOKEN (optional): the app-only token for public reads; without it one is
 *    obtained from the key and secret (POST oauth2/token).
 *  - RIPOSTE_X_API_URL (optional): send the API somewhere other than api.x.com, e.g. an emulator
 *    started on its own (npx tsx adapters/x-emulator/main.ts).
 *  - RIPOSTE_X_ACCESS (optional, self_serve | enterprise): the app's X API access; self-serve
 *    access is bound by X's 2026 reply rule (docs/adr/0008-x-integration.md).
 *  - RIPOSTE_X_DELIVERY (optional, auto | direct | assisted): how due replies reach X. direct posts
 *    through the API; assisted prepares an X web-intent link the user opens to press Post; auto
 *    (default) posts directly where X allows it (enterprise access, or a post that summoned the
 *    account) and prepares the rest for assisted delivery.
 *  - RIPOSTE_X_TIMEOUT_MS (optional): per request, default 15000, of silence; a call not finished in
 *    twice this time ends too. A send that ends so is 'unknown' (reconciled later), never hangs.
 *  - RIPOSTE_X_SANDBOX_PORT (optional): sandbox only, the loopback port of the bundled emulator
 *    (default 0: any free port). A fixed one lets a separate process (`npm run scheduler`) reach the
 *    same Sandbox X with RIPOSTE_X_API_URL=http://127.0.0.1:PORT and the sandbox key and secret.
 *  - RIPOSTE_X_WATCH (optional, poll | stream): how auto schedules' targets are watched. poll
 *    (default) reads their timelines at their tier's interval; stream also keeps X's filtered stream
 *    open for them (near-instant), polling only as its fallback while it is connected and at full
 *    rate while it is down (docs/adr/0023-watching-and-auto-runs.md).
 *  - RIPOSTE_X_SUMMON_RULE (optional, on | off): sandbox only, whether the bundled emulator applies
 *    X's 2026 reply rule at start (default on, as X does); switchable later on its home page.
 */
import { z } from 'zod';
import type { XApiAccess, XDeliveryMode } from '@core/x';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const secret = z.preprocess(blank, z.string().trim().min(1).optional());

export const xEnvSchema = z
  .object({
    RIPOSTE_X_API_KEY: secret,
    RIPOSTE_X_API_SECRET: secret,
    RIPOSTE_X_BEARER_TOKEN: secret,
    RIPOSTE_X_API_URL: z.preprocess(
      blank,
      z.url({ protocol: /^https?$/, error: 'RIPOSTE_X_API_URL must be an http(s) URL such as http://127.0.0.1:4100' }).optional(),
    ),
    RIPOSTE_X_ACCESS: z.preprocess(
      blank,
      z.enum(['self_serve', 'enterprise'], { error: 'RIPOSTE_X_ACCESS must be self_serve or enterprise' }).default('self_serve'),
    ),
    RIPOSTE_X_DELIVERY: z.preprocess(
      blank,
      z.enum(['auto', 'direct', 'assisted'], { error: 'RIPOSTE_X_DELIVERY must be auto, direct or assisted' }).default('auto'),
    ),
    RIPOSTE_X_WATCH: z.preprocess(
      blank,
      z.enum(['poll', 'stream'], { error: 'RIPOSTE_X_WATCH must be poll or stream' }).default('poll'),
    ),
    RIPOSTE_X_SUMMON_RULE: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
      z
        .enum(['on', 'off', 'true', 'false'], { error: 'RIPOSTE_X_SUMMON_RULE must be on or off' })
        .default('on')
        .transform((v) => v === 'on' || v === 'true'),
    ),
    RIPOSTE_X_SANDBOX_PORT: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'RIPOSTE_X_SANDBOX_PORT must be a port number (0 = any free port)' })
        .int({ error: 'RIPOSTE_X_SANDBOX_PORT must be a port number (0 = any free port)' })
        .min(0, 'RIPOSTE_X_SANDBOX_PORT must be a port number (0 = any free port)')
        .max(65_535, 'RIPOSTE_X_SANDBOX_PORT must be a port number (0 = any free port)')
        .default(0),
    ),
    RIPOSTE_X_TIMEOUT_MS: z.preprocess(
      blank,
      z.coerce
        .number({ error: 'RIPOSTE_X_TIMEOUT_MS must be a number of milliseconds' })
        .int()
        .min(1000, 'RIPOSTE_X_TIMEOUT_MS must be at least 1000')
        .max(120_000, 'RIPOSTE_X_TIMEOUT_MS must be at most 120000')
        .default(15_000),
    ),
  })
  .superRefine((env, ctx) => {
    if ((env.RIPOSTE_X_API_KEY === undefined) !== (env.RIPOSTE_X_API_SECRET === undefined)) {
      const missing = env.RIPOSTE_X_API_KEY === undefined ? 'RIPOSTE_X_API_KEY' : 'RIPOSTE_X_API_SECRET';
      ctx.addIssue({ code: 'custom', path: [missing], message: `${missing} is missing: set both RIPOSTE_X_API_KEY and RIPOSTE_X_API_SECRET, or neither for sandbox mode` });
    }
  });
export type XEnv = z.output<typeof xEnvSchema>;

/** True when no X credentials are configured: Riposte starts the emulator and says 'Sandbox X'. */
export const isSandbox = (env: XEnv): boolean => env.RIPOSTE_X_API_KEY === undefined;

export interface XClientConfig {
  consumerKey: string;
  consumerSecret: string;
  bearerToken?: string;
  /** Where api.x.com really is: unset for X itself, the emulator's URL otherwise. */
  apiBaseUrl?: string;
  /** Base of pages for people (post links, web intents); default https://x.com, or apiBaseUrl. */
  webUrl?: string;
  /** Shown as 'Sandbox X' in the UI. */
  sandbox?: boolean;
  access?: XApiAccess;
  /** RIPOSTE_X_DELIVERY; default 'auto'. */
  deliveryMode?: XDeliveryMode;
  timeoutMs?: number;
}
