// The e2e project's global setup: one Chromium for the whole run, launched once here (in Vitest's
// main process) and reached by every browser test file over its WebSocket endpoint, instead of a
// launch per file. Each file still gets its own connection and fresh contexts (own cookies and
// storage), so no state passes between files.
import type { TestProject } from 'vitest/node';
import { chromiumMissing, launchOptions } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint; '' where Chromium is not installed. */
    chromiumWsEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (chromiumMissing() !== null) {
    project.provide('chromiumWsEndpoint', '');
    return undefined;
  }
  const { chromium } = await import('playwright-core');
  const server = await chromium.launchServer(launchOptions());
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
