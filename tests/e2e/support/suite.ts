// One real server and one Chromium per describe block: started before its tests, closed after.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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
