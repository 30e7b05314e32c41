// Accessibility and polish at the keyboard: a skip link, focus back on the trigger after a dialog,
// one tooltip at a time in the narrow sidebar, names and fields that fit a 375 px phone, search
// and a skeleton on Monitored Accounts, and the profile picture in the avatars.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CSRF, connectX, json } from './support/api';
import { chromiumMissing, closeCleanTab, openTab, PHONE } from './support/browser';
import { holdRequests, newUser, pressEscapeIn, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe.skipIf(skip !== null)('accessibility at the keyboard, and at 375 px', () => {
  const suite = browserSuite();

  it('skips to the page with the first Tab, titles each page, and returns focus to what opened a dialog', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('keys'));
    await waitForPath(page, '/schedule-replies');
    await page.goto('/templates');
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    expect(await page.title()).toBe('Templates · Riposte');

    // The first Tab reaches the skip link, shown on focus; Enter puts focus on the page's main.
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect.poll(() => skipLink.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skipLink.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedId(page)).toBe('main');
    expect(new URL(page.url()).hash).toBe('');
    // The next Tab lands inside the page, past the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(true);

    // A dialog opened with the keyboard gives focus back to its trigger when it closes (Escape, Cancel).
    const open = page.getByRole('button', { name: 'New Template' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await pressEscapeIn(page, dialog);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('New Template');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('New Template');

    // The same on Schedules' New Schedule dialog.
    await page.goto('/schedules');
    const newSchedule = page.getByRole('button', { name: 'New Schedule' });
    // The button waits for the forms' lists (templates, targets, X accounts): a disabled button takes no focus.
    await expect.poll(() => newSchedule.isEnabled()).toBe(true);
    await newSchedule.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await pressEscapeIn(page, dialog);
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('New Schedule');
    expect(await page.title()).toBe('Schedules · Riposte');
    await closeCleanTab(tab);
  });

  it('shows one tooltip at a time while Tab walks the narrow sidebar', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('tips'));
    await waitForPath(page, '/schedule-replies');
    await page.goto('/dashboard');
    const sidebar = page.getByTestId('desktop-sidebar');
    const toggle = sidebar.getByRole('button', { name: /Collapse sidebar|Keep sidebar open/ });
    // aria-pressed: kept open; narrow it.
    if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
    // The pointer leaves the sidebar, which then stays narrow.
    await page.mouse.move(900, 400);
    await expect.poll(() => sidebar.getAttribute('data-expanded')).toBe('false');
    const links = sidebar.getByRole('navigation').getByRole('link');
    await links.first().focus();
    const count = await links.count();
    for (let i = 0; i < count; i += 1) {
      const label = (await links.nth(i).getAttribute('aria-label')) ?? '';
      await expect.poll(() => links.nth(i).evaluate((el) => el === document.activeElement)).toBe(true);
      // The focused link's tooltip shows, and it alone.
      await expect.poll(() => page.locator('[data-slot="tooltip-content"]').allInnerTexts(), { message: label }).toEqual([label]);
      if (i < count - 1) await page.keyboard.press('Tab');
    }
    await closeCleanTab(tab);
  });

  it('at 375 px: the connected account keeps its name, V2 fields stay in their card', async () => {
    const tab = await openTab(suite.browser, suite.server.url, PHONE);
    const { page } = tab;
    await register(page, newUser('narrow'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, 'davidnarrowname');
    await page.goto('/connected-accounts');
    const name = page.getByTestId('x-account-name').first();
    await name.waitFor();
    // Not cut short: the whole name fits its line.
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await name.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(150);

    await page.goto('/schedule-replies-v2');
    const form = page.getByRole('form', { name: 'New AI Reply' });
    await form.getByRole('combobox', { name: 'Target Account' }).waitFor();
    const outside = await form.evaluate((el) => {
      const card = (el.closest('[data-slot="card"]') ?? el).getBoundingClientRect();
      return Array.from(el.querySelectorAll<HTMLElement>('input, textarea, button, select, [role="combobox"], label'))
        .filter((f) => f.offsetParent !== null)
        .filter((f) => {
          const box = f.getBoundingClientRect();
          return box.left < card.left - 0.5 || box.right > card.right + 0.5;
        })
        .map((f) => `${f.tagName} ${f.id || f.getAttribute('aria-label') || f.innerText.slice(0, 30)}`);
    });
    expect(outside).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await closeCleanTab(tab);
  });

  it('Monitored Accounts: a skeleton while loading, then search by keyboard; avatars show the profile picture', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('search'));
    await waitForPath(page, '/schedule-replies');
    const held = await holdRequests(page, '**/api/accounts', 'GET');
    await page.goto('/accounts');
    await page.getByTestId('accounts-loading').waitFor();
    expect(await page.getByTestId('page-spinner').count()).toBe(0);
    held.release();
    const cards = page.getByTestId('account-card');
    await cards.first().waitFor();
    const all = await cards.count();
    expect(all).toBeGreaterThan(3);
    const first = (await cards.first().getAttribute('data-username')) ?? '';

    const search = page.getByRole('searchbox', { name: 'Search accounts' });
    await search.focus();
    await page.keyboard.type(`@${first.toUpperCase()}`);
    await expect.poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-username')))).toContain(first);
    expect(await cards.count()).toBeLessThan(all);
    await page.keyboard.type('zzzz-nobody');
    await page.getByTestId('accounts-no-match').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards.count()).toBe(all);

    // A profile picture replaces the initials in the sidebar's user card.
    const picture = `${suite.server.url}/favicon.svg`;
    await json(await page.request.put('/api/auth/profile', { headers: CSRF, data: { profilePicture: picture } }));
    await page.goto('/dashboard');
    const avatar = page.getByTestId('user-card').locator('img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toBe(picture);
    await closeCleanTab(tab);
  });
});
