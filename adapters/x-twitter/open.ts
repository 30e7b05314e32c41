/**
 * Opens X for a process (the server, or `npm run scheduler`). With RIPOSTE_X_API_KEY and _SECRET
 * the real adapter (twitter-api-v2) talks to X (or RIPOSTE_X_API_URL). Without them, and
 * RIPOSTE_X_SANDBOX not false, it is sandbox mode:
 *  - with RIPOSTE_X_API_URL, the adapter talks to the X emulator already running there (the
 *    server's, or `npx tsx adapters/x-emulator/main.ts`), signing as the sandbox app;
 *  - otherwise a process that may (the server) starts the bundled emulator on a loopback port,
 *    RIPOSTE_X_SANDBOX_PORT or any free one. A process that may not (the scheduler app) cannot run
 *    its own X world beside the server's: it fails at start and says what to set.
 * Without credentials and with the sandbox refused there is no client: X calls answer 503 with
 * the spec's diagnostics, and the scheduler leaves due replies waiting.
 */
import { join } from 'node:path';
import { createXClient } from './client';
import type { XEnv } from './config';
import { SANDBOX_APP, startXEmulator } from '@adapters/x-emulator/server';
import type { XAppClient } from '@core/x';

export interface OpenedX {
  app: XAppClient | null;
  sandbox: boolean;
  close(): Promise<void>;
}

export interface OpenXOptions {
  x: XEnv & { sandbox: boolean };
  /** The emulator keeps its sandbox world in <dataDir>/sandbox-x.json. */
  dataDir: string;
  /** False in a process that must share the server's X world (the scheduler app). */
  mayStartEmulator: boolean;
  logger: { info(obj: object, msg: string): void };
}

const nothing = async () => undefined;

export class XSandboxUnreachable extends Error {}

export const SANDBOX_NEEDS_URL =
  'Sandbox X (no RIPOSTE_X_API_KEY/SECRET) in a separate scheduler: set RIPOSTE_X_API_URL to the X emulator the server runs ' +
  '(start the server with RIPOSTE_X_SANDBOX_PORT=4100 and give the scheduler RIPOSTE_X_API_URL=http://127.0.0.1:4100), ' +
  'or set the X credentials in both';

export const openX = async ({ x, dataDir, mayStartEmulator, logger }: OpenXOptions): Promise<OpenedX> => {
  const common = { access: x.RIPOSTE_X_ACCESS, deliveryMode: x.RIPOSTE_X_DELIVERY, timeoutMs: x.RIPOSTE_X_TIMEOUT_MS };
  if (x.RIPOSTE_X_API_KEY !== undefined && x.RIPOSTE_X_API_SECRET !== undefined) {
    const app = createXClient({
      consumerKey: x.RIPOSTE_X_API_KEY,
      consumerSecret: x.RIPOSTE_X_API_SECRET,
      ...(x.RIPOSTE_X_BEARER_TOKEN ? { bearerToken: x.RIPOSTE_X_BEARER_TOKEN } : {}),
      ...(x.RIPOSTE_X_API_URL ? { apiBaseUrl: x.RIPOSTE_X_API_URL } : {}),
      ...common,
      sandbox: false,
    });
    return { app, sandbox: false, close: nothing };
  }
  if (!x.sandbox) return { app: null, sandbox: false, close: nothing };
  const sandboxClient = (url: string) =>
    createXClient({ consumerKey: SANDBOX_APP.consumerKey, consumerSecret: SANDBOX_APP.consumerSecret, apiBaseUrl: url, webUrl: url, sandbox: true, ...common });
  if (x.RIPOSTE_X_API_URL !== undefined) {
    logger.info({ url: x.RIPOSTE_X_API_URL, delivery: x.RIPOSTE_X_DELIVERY }, 'no X credentials: sandbox X at RIPOSTE_X_API_URL');
    return { app: sandboxClient(x.RIPOSTE_X_API_URL), sandbox: true, close: nothing };
  }
  if (!mayStartEmulator) throw new XSandboxUnreachable(SANDBOX_NEEDS_URL);
  // The sandbox app has the access the operator asked for, so enterprise direct delivery can be tried too.
  // Its users, tokens and posts live in the data directory, so connected sandbox accounts survive a restart.
  const emulator = await startXEmulator({
    host: '127.0.0.1',
    port: x.RIPOSTE_X_SANDBOX_PORT,
    app: { access: x.RIPOSTE_X_ACCESS },
    summonRule: x.RIPOSTE_X_SUMMON_RULE,
    stateFile: join(dataDir, 'sandbox-x.json'),
  });
  logger.info(
    { url: emulator.url, summonRule: x.RIPOSTE_X_SUMMON_RULE ? 'on' : 'off', delivery: x.RIPOSTE_X_DELIVERY },
    'no X credentials: sandbox X (the bundled emulator) started',
  );
  return { app: sandboxClient(emulator.url), sandbox: true, close: () => emulator.close() };
};
