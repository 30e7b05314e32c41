// One real server and one Chromium per describe block: started before its tests, closed after.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SANDBOX_APP, startXEmulator, type XEmulator, type XEmulatorOptions } from '@adapters/x-emulator/server';
import { createTestClock } from '../../support/test-clock';
import { launchBrowser } from './browser';
import { startTestServer, type RunningServer } from './server';

export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** Call inside a describe block; read `suite.server` and `suite.browser` inside its tests. */
export function browserSuite(env: Record<string, string> = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} of this suite is not started (use it inside a test)`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

export interface XEmulatorSuite extends BrowserSuite {
  readonly emulator: XEmulator;
}

/**
 * A suite whose server talks to an X emulator this test controls (started first, reached by the
 * real X adapter as the server would reach X): `suite.emulator.control` posts, counts and faults.
 * The emulator keeps the server's clock, so a post made after `suite.server.clock` moved is dated
 * after the move, as it would be on X.
 */
export function xEmulatorSuite(env: Record<string, string> = {}, emulatorOptions: Omit<XEmulatorOptions, 'clock'> = {}): XEmulatorSuite {
  let emulator: XEmulator | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const clock = createTestClock();
    emulator = await startXEmulator({ host: '127.0.0.1', port: 0, ...emulatorOptions, clock: clock.now });
    server = await startTestServer(
      {
        RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey,
        RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret,
        RIPOSTE_X_API_URL: emulator.url,
        ...env,
      },
      clock,
    );
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await emulator?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} of this suite is not started (use it inside a test)`);
    return value;
  };
  return {
    get emulator() {
      return started(emulator, 'X emulator');
    },
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}
