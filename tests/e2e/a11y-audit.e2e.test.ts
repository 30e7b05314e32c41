// axe-core over every page of the router's tables (apps/web/src/app/routes.ts): signed out, as a
// user and as an admin, at 1280 and 375 px. No serious or critical violation, and each page has
// its own title. A pattern with a parameter needs a sample address here, or the audit fails.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TITLE, pageTitles, publicPatterns, signedInPatterns, type RoutePattern } from '@web/app/routes';
import { CSRF, connectX, json, signInAdmin } from './support/api';
import { auditContext, describeFindings, stableViolations } from './support/axe';
import { chromiumMissing, DESKTOP, PHONE } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

/** Screenshots of the main pages for a human look, when RIPOSTE_E2E_SHOTS names a directory. */
/** Some 30 pages at two widths; on a loaded 2-core machine axe alone takes seconds a page. */
const AUDIT_BUDGET = 600_000;

const SHOTS = process.env.RIPOSTE_E2E_SHOTS;
const MAIN_PAGES = new Set<string>(['/', '/auth', '/pricing', '/dashboard', '/schedule-replies', '/schedule-replies-v2', '/bulk-replies', '/calendar-mockup', '/accounts', '/connected-accounts', '/schedules', '/settings', '/admin/polling-settings']);

/** Public pages that need a session (a visitor is sent to sign in). */
const NEEDS_SESSION = ['/payment', '/email-collection'] as const;

type Ids = { scheduleId: string };

function address(pattern: RoutePattern, ids: Ids): string {
  const filled = pattern.replace(':id', encodeURIComponent(ids.scheduleId));
  if (filled.includes(':')) throw new Error(`${pattern}: the audit has no sample address for this pattern; add one in address()`);
  return filled;
}

const expectedTitle = (pattern: RoutePattern | null) =>
  pattern === '/' ? pageTitles['/'] : `${pattern === null ? NOT_FOUND_TITLE : pageTitles[pattern]} · Riposte`;

/** [pattern as a regular expression, its title] for every route, for the page to find its own. */
const TITLES: [string, string][] = [...publicPatterns, ...signedInPatterns].map((p) => [`^${p.replace(/:\w+/g, '[^/]+')}$`, expectedTitle(p)]);

/**
 * The page has rendered: the title of the route it shows (after any redirect), a heading, and no
 * spinner or skeleton standing in for content.
 */
const SETTLED = ({ titles, notFound }: { titles: [string, string][]; notFound: string }) => {
  const want = titles.find(([re]) => new RegExp(re).test(window.location.pathname))?.[1] ?? notFound;
  return (
    document.title === want &&
    document.querySelector('h1') !== null &&
    document.querySelector('[data-testid="page-spinner"], [data-slot="skeleton"], [aria-busy="true"]') === null
  );
};

async function settled(page: Page): Promise<string | null> {
  const args = { titles: TITLES, notFound: expectedTitle(null) };
  try {
    await page.waitForFunction(SETTLED, args, { timeout: 20_000 });
    return null;
  } catch {
    return page.evaluate(
      () =>
        `at ${window.location.pathname}, title '${document.title}', h1: ${document.querySelector('h1') !== null}, waiting on: ${Array.from(document.querySelectorAll('[data-testid="page-spinner"], [data-slot="skeleton"], [aria-busy="true"]'))
          .map((e) => e.outerHTML.slice(0, 120))
          .join(' | ')}`,
    );
  }
}

/** Audits each path in each context (the two widths side by side); every finding, as text. */
async function auditAll(contexts: { label: string; context: BrowserContext; width: number }[], paths: string[]): Promise<string[]> {
  const perContext = await Promise.all(
    contexts.map(async ({ label, context, width }) => {
      const found: string[] = [];
      const page = await context.newPage();
      for (const path of paths) {
        // The first page loads the app; the others are reached as the app's own links do (history
        // API), so the app and axe stay loaded.
        if (page.url() === 'about:blank') await page.goto(path);
        else await page.evaluate((p) => window.history.pushState(null, '', p), path);
        const stuck = await settled(page);
        if (stuck !== null) {
          found.push(`${label} ${path} @${width}: never settled: ${stuck}`);
          continue;
        }
        const findings = await stableViolations(page);
        if (findings.length > 0) found.push(describeFindings(`${label} ${path} @${width}`, findings));
        if (SHOTS !== undefined && MAIN_PAGES.has(path)) {
          await page.screenshot({ path: `${SHOTS}/${label}${path.replaceAll('/', '_') || '_'}-${width}.png`, fullPage: true });
        }
      }
      await page.close();
      return found;
    }),
  );
  return perContext.flat();
}

async function seedSchedule(page: Page, poster: string): Promise<Ids> {
  await connectX(page, poster);
  const { accounts } = await json<{ accounts: { id: string; username: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
  const from = accounts.find((a) => a.username === poster);
  const targets = await json<{ id: string; username: string }[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
  const target = targets[0];
  expect(from && target).toBeTruthy();
  const template = await json<{ id: string }>(await page.request.post('/api/templates', { headers: CSRF, data: { name: 'Audit template', content: 'Well said, and worth repeating.' } }));
  const at = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
  const schedule = await json<{ id: string }>(
    await page.request.post('/api/schedules', {
      headers: CSRF,
      data: { accountId: target?.id, connectedAccountId: from?.id, templateId: template.id, templateGroupId: null, scheduleType: 'scheduled', isRecurring: false, scheduledTime: at },
    }),
  );
  return { scheduleId: schedule.id };
}

async function bothWidths(suite: { browser: Parameters<typeof auditContext>[0]; server: { url: string } }) {
  const desktop = await auditContext(suite.browser, suite.server.url, DESKTOP);
  const phone = await auditContext(suite.browser, suite.server.url, PHONE);
  return { desktop, phone, close: async () => Promise.all([desktop.close(), phone.close()]) };
}

describe.skipIf(skip !== null)('accessibility audit of every page (axe-core)', () => {
  const suite = browserSuite();

  it('every route is audited: each pattern with a parameter has a sample address', () => {
    const ids = { scheduleId: 'sample' };
    for (const pattern of [...publicPatterns, ...signedInPatterns]) expect(address(pattern, ids)).not.toContain(':');
  });

  it('signed out: the public pages and the not-found page', async () => {
    const { desktop, phone, close } = await bothWidths(suite);
    // /payment and /email-collection send a visitor to sign in: audited here as /auth, and below as a user.
    const pages = [...publicPatterns.map((pattern) => address(pattern, { scheduleId: '' })), '/no-such-page'];
    const found = await auditAll(
      [
        { label: 'visitor', context: desktop, width: DESKTOP.width },
        { label: 'visitor', context: phone, width: PHONE.width },
      ],
      pages,
    );
    await close();
    expect(found.join('\n')).toBe('');
  }, AUDIT_BUDGET);

  it('as a user: every signed-in page and the pages that need a session', async () => {
    const { desktop, phone, close } = await bothWidths(suite);
    const page = await desktop.newPage();
    await register(page, newUser('audit'));
    await waitForPath(page, '/schedule-replies');
    const ids = await seedSchedule(page, 'audituser');
    await page.close();
    await phone.addCookies(await desktop.cookies());
    const pages = [...signedInPatterns, ...NEEDS_SESSION].map((pattern) => address(pattern, ids));
    const found = await auditAll(
      [
        { label: 'user', context: desktop, width: DESKTOP.width },
        { label: 'user', context: phone, width: PHONE.width },
      ],
      pages,
    );
    await close();
    expect(found.join('\n')).toBe('');
  }, AUDIT_BUDGET);

  it('as an admin: every signed-in page', async () => {
    const { desktop, phone, close } = await bothWidths(suite);
    const page = await desktop.newPage();
    await signInAdmin(page);
    const ids = await seedSchedule(page, 'auditadmin');
    await page.close();
    await phone.addCookies(await desktop.cookies());
    const found = await auditAll(
      [
        { label: 'admin', context: desktop, width: DESKTOP.width },
        { label: 'admin', context: phone, width: PHONE.width },
      ],
      signedInPatterns.map((pattern) => address(pattern, ids)),
    );
    await close();
    expect(found.join('\n')).toBe('');
  }, AUDIT_BUDGET);
});
