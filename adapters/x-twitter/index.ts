/**
 * X for an installation: the twitter-api-v2 adapter, talking to X when credentials are configured,
 * else to the bundled emulator (sandbox mode: shown as 'Sandbox X').
 */
import type { XAppClient } from '@core/x';
import { startXEmulator, type XEmulator, type XEmulatorOptions } from '@adapters/x-emulator';
import { isSandbox, xEnvSchema, type XClientConfig } from './config';
import { createXClient } from './client';

export { createXClient } from './client';
export { xEnvSchema, isSandbox } from './config';
export type { XClientConfig, XEnv } from './config';
export { toXAnswer } from './answers';
export { redirectingAgent, browserUrl, X_API_ORIGIN } from './transport';

export interface OpenedX {
  client: XAppClient;
  sandbox: boolean;
  /** The emulator this process started (sandbox mode), for its control and its pages. */
  emulator?: XEmulator;
  /** For the start-up log (never a secret). */
  description: string;
  close(): Promise<void>;
}

/**
 * Reads RIPOSTE_X_* (throws a ZodError naming the variable when one is malformed). With
 * credentials: the adapter against X (or RIPOSTE_X_API_URL). Without: starts the emulator on
 * loopback and points the same adapter at it.
 */
export const openX = async (env: Record<string, string | undefined>, emulatorOptions: XEmulatorOptions = {}): Promise<OpenedX> => {
  const parsed = xEnvSchema.parse(env);
  const common: Pick<XClientConfig, 'timeoutMs' | 'access' | 'deliveryMode'> = {
    timeoutMs: parsed.RIPOSTE_X_TIMEOUT_MS,
    access: parsed.RIPOSTE_X_ACCESS,
    deliveryMode: parsed.RIPOSTE_X_DELIVERY,
  };
  if (!isSandbox(parsed)) {
    const client = createXClient({
      ...common,
      consumerKey: parsed.RIPOSTE_X_API_KEY ?? '',
      consumerSecret: parsed.RIPOSTE_X_API_SECRET ?? '',
      ...(parsed.RIPOSTE_X_BEARER_TOKEN ? { bearerToken: parsed.RIPOSTE_X_BEARER_TOKEN } : {}),
      ...(parsed.RIPOSTE_X_API_URL ? { apiBaseUrl: parsed.RIPOSTE_X_API_URL } : {}),
    });
    return { client, sandbox: false, description: `X API at ${parsed.RIPOSTE_X_API_URL ?? 'api.x.com'} (${parsed.RIPOSTE_X_ACCESS} access)`, close: async () => {} };
  }
  const emulator = await startXEmulator({ app: { access: parsed.RIPOSTE_X_ACCESS }, summonRule: parsed.RIPOSTE_X_SUMMON_RULE, ...emulatorOptions });
  const client = createXClient({
    ...common,
    consumerKey: emulator.app.consumerKey,
    consumerSecret: emulator.app.consumerSecret,
    apiBaseUrl: emulator.url,
    sandbox: true,
    access: emulator.app.access,
  });
  return { client, sandbox: true, emulator, description: `Sandbox X: the bundled emulator at ${emulator.url} (no RIPOSTE_X_API_KEY set)`, close: () => emulator.close() };
};
