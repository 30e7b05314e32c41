// The target picker with the keyboard, in a real browser: typing an exact handle lists that account
// first and ArrowDown + Enter picks it (not the first of the unfiltered list, @BBCBreaking); a handle
// finds its account in the New Schedule dialog too; Escape in the open suggestions closes the list
// only, and the dialog keeps the form.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectX } from './support/api';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

/** Types a handle, waits for its suggestion to be the first one, and picks with the keyboard. */
async function pickByKeyboard(page: Page, box: Locator, handle: string): Promise<void> {
  await box.fill('');
  await box.pressSequentially(handle);
  // The first suggestion is the handle itself (its display name follows it).
  await page.getByRole('option').first().getByText(`@${handle}`, { exact: true }).waitFor();
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe(`@${handle}`);
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
}

describe.skipIf(skip !== null)('Target picker with the keyboard', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });

  it('picks the typed handle in the classic form and in the New Schedule dialog; Escape closes only the list', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('picker'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, 'picker_poster');

    // Classic form.
    await page.goto('/schedule-replies');
    const classic = page.getByRole('combobox', { name: 'Target Account' });
    await classic.waitFor();
    for (const handle of ['naval', 'sama', 'paulg']) await pickByKeyboard(page, classic, handle);

    // New Schedule dialog.
    await page.goto('/schedules');
    await page.getByRole('button', { name: 'New Schedule' }).click();
    const dialog = page.getByTestId('new-schedule-dialog');
    await dialog.getByRole('heading', { name: 'New Schedule' }).waitFor();
    const target = dialog.getByRole('combobox', { name: 'Target account' });
    for (const handle of ['paulg', 'naval']) await pickByKeyboard(page, target, handle);

    // Escape while the suggestions are open: the list closes, the dialog and the text stay.
    await target.fill('');
    await target.pressSequentially('sam');
    await page.getByRole('option').first().waitFor();
    await expect.poll(() => target.getAttribute('aria-expanded')).toBe('true');
    await target.press('Escape');
    await expect.poll(() => target.getAttribute('aria-expanded')).toBe('false');
    expect(await dialog.isVisible()).toBe(true);
    expect(await target.inputValue()).toBe('sam');
    // A second Escape, with the list closed, closes the dialog as before.
    await target.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await closeCleanTab(tab);
  });
});
