/**
 * Opens X for this process. With RIPOSTE_X_API_KEY and _SECRET the real adapter (twitter-api-v2)
 * talks to api.x.com (or RIPOSTE_X_API_URL); with neither, and RIPOSTE_X_SANDBOX not false, the
 * bundled X emulator starts on a loopback port and the same adapter talks to it (sandbox mode).
 * Without credentials and with the sandbox refused there is no client: X calls answer 503 with
 * the spec's diagnostics.
 */
import { join } from 'node:path';
import type { Logger } from '@adapters/logging';
import { createXClient } from '@adapters/x-twitter/client';
import { SANDBOX_APP, startXEmulator } from '@adapters/x-emulator/server';
import type { XAppClient } from '@core/x';
import type { ServerConfig } from '../config';

export interface OpenedX {
  app: XAppClient | null;
  sandbox: boolean;
  close(): Promise<void>;
}

const nothing = async () => undefined;

export const openX = async (config: ServerConfig, logger: Logger): Promise<OpenedX> => {
  const x = config.x;
  if (x.RIPOSTE_X_API_KEY !== undefined && x.RIPOSTE_X_API_SECRET !== undefined) {
    const app = createXClient({
      consumerKey: x.RIPOSTE_X_API_KEY,
      consumerSecret: x.RIPOSTE_X_API_SECRET,
      ...(x.RIPOSTE_X_BEARER_TOKEN ? { bearerToken: x.RIPOSTE_X_BEARER_TOKEN } : {}),
      ...(x.RIPOSTE_X_API_URL ? { apiBaseUrl: x.RIPOSTE_X_API_URL } : {}),
      access: x.RIPOSTE_X_ACCESS,
      deliveryMode: x.RIPOSTE_X_DELIVERY,
      timeoutMs: x.RIPOSTE_X_TIMEOUT_MS,
      sandbox: false,
    });
    return { app, sandbox: false, close: nothing };
  }
  if (!x.sandbox) return { app: null, sandbox: false, close: nothing };
  // The sandbox app has the access the operator asked for, so enterprise direct delivery can be tried too.
  // Its users, tokens and posts live in the data directory, so connected sandbox accounts survive a restart.
  const emulator = await startXEmulator({
    host: '127.0.0.1',
    port: x.RIPOSTE_X_SANDBOX_PORT,
    app: { access: x.RIPOSTE_X_ACCESS },
    summonRule: x.RIPOSTE_X_SUMMON_RULE,
    stateFile: join(config.dataDir, 'sandbox-x.json'),
  });
  logger.info(
    { url: emulator.url, summonRule: x.RIPOSTE_X_SUMMON_RULE ? 'on' : 'off', delivery: x.RIPOSTE_X_DELIVERY },
    'no X credentials: sandbox X (the bundled emulator) started',
  );
  const app = createXClient({
    consumerKey: SANDBOX_APP.consumerKey,
    consumerSecret: SANDBOX_APP.consumerSecret,
    apiBaseUrl: emulator.url,
    webUrl: emulator.url,
    sandbox: true,
    access: x.RIPOSTE_X_ACCESS,
    deliveryMode: x.RIPOSTE_X_DELIVERY,
    timeoutMs: x.RIPOSTE_X_TIMEOUT_MS,
  });
  return { app, sandbox: true, close: () => emulator.close() };
};
