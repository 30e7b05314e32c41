// Debian's chromium driven by playwright-core. Tests skip (with the reason printed) where the
// browser is not installed.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type LaunchOptions, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM = process.env.RIPOSTE_CHROMIUM ?? '/usr/bin/chromium';

export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (apt-get install -y chromium); browser tests skipped`;
}

export const launchOptions = (): LaunchOptions => ({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

/**
 * The run's shared Chromium (tests/e2e/support/chromium.global.ts) when there is one: a connection
 * of this file's own, closed by `close()`, whose contexts are fresh. Otherwise (a file run outside
 * the e2e project) a Chromium of its own; launch() gives it a fresh temporary user-data-dir.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumWsEndpoint');
  if (typeof endpoint === 'string' && endpoint !== '') return chromium.connect(endpoint);
  return chromium.launch(launchOptions());
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/**
 * RIPOSTE_E2E_CPU_THROTTLE=<rate> runs every page that many times slower (Chrome's CPU
 * throttling, as DevTools does it): the way to check that a browser test waits for states rather
 * than moments, which a loaded machine exposes only now and then.
 */
const CPU_THROTTLE = Number(process.env.RIPOSTE_E2E_CPU_THROTTLE ?? '1');

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  if (!(CPU_THROTTLE > 1)) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

/**
 * Every toast the page shows, in order, kept after it is gone: a toast is on screen for 5 seconds
 * (or until the next replaces it), which a test on a loaded machine can miss; the page's own
 * MutationObserver cannot. `expectToast` reads and consumes this log.
 */
function recordToasts(): void {
  const log: { text: string; seen: boolean; links: string[] }[] = [];
  const entries = new WeakMap<Element, { text: string; seen: boolean; links: string[] }>();
  (window as unknown as { __riposteToasts: typeof log }).__riposteToasts = log;
  const scan = () => {
    for (const el of Array.from(document.querySelectorAll('[data-slot="toast"]'))) {
      const text = (el.textContent ?? '').trim();
      if (text === '') continue;
      // The links a toast offers (its action), as paths: kept after the toast is gone.
      const links = Array.from(el.querySelectorAll('a[href]')).map((a) => new URL((a as HTMLAnchorElement).href).pathname);
      const entry = entries.get(el);
      if (entry === undefined) {
        const fresh = { text, seen: false, links };
        entries.set(el, fresh);
        log.push(fresh);
      } else {
        entry.text = text;
        entry.links = links;
      }
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

/** A page in a fresh context (own cookies and storage) that records console trouble. */
export type Tab = { context: BrowserContext; page: Page; problems: string[]; cspViolations: () => string[] };

export async function openTab(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<Tab> {
  const context = await browser.newContext({ baseURL, viewport, timezoneId: 'Europe/Paris', locale: 'en-US' });
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  await throttle(context, page);
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  const cspViolations = () => problems.filter((p) => /Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(p));
  return { context, page, problems, cspViolations };
}

/** Screenshots for a human look; they go to /tmp, never into the repository. */
export async function snap(page: Page, name: string): Promise<string> {
  const path = `/tmp/riposte-e2e-${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Opens `path` on a 375 px phone with the cookies of `signedIn` (the same user), waits for
 * `ready`, and checks that nothing is wider than the screen; then a screenshot named `name`.
 */
export async function expectFitsPhone(
  browser: Browser,
  baseURL: string,
  signedIn: BrowserContext,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  name: string,
): Promise<void> {
  const phone = await openTab(browser, baseURL, PHONE);
  try {
    await phone.context.addCookies(await signedIn.cookies());
    await phone.page.goto(path);
    await ready(phone.page);
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE.width) throw new Error(`${path} is ${width} px wide on a ${PHONE.width} px phone`);
    await snap(phone.page, name);
  } finally {
    await phone.context.close();
  }
}

/**
 * Ends a test's tab: no Content-Security-Policy violation and no console error or React warning on
 * the way (a refused call logs 'Failed to load resource', which the test itself asked for), then
 * the context is closed.
 */
export async function closeCleanTab(tab: Tab): Promise<void> {
  try {
    if (tab.cspViolations().length > 0) throw new Error(`CSP violations: ${tab.cspViolations().join('\n')}`);
    const problems = tab.problems.filter((p) => !/Failed to load resource/.test(p));
    if (problems.length > 0) throw new Error(`console problems: ${problems.join('\n')}`);
  } finally {
    await tab.context.close();
  }
}
