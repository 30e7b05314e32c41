// Where focus goes when a picker closes (components/ui/focus-return.ts). Radix gives focus back to
// the trigger a task after the list has gone; the page's clock is held so that task waits until
// the test has moved on, as a loaded machine (or a quick person) would.
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('focus after a picker closes', () => {
  const suite = browserSuite();

  it('stays in the field the person moved to, and goes back to the picker otherwise', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('focus'));
    await waitForPath(page, '/schedule-replies');
    await page.clock.install();
    await page.goto('/schedule-replies-v2');
    const form = page.getByRole('form', { name: 'New AI Reply' });
    const target = form.getByRole('combobox', { name: 'Target Account' });
    const content = form.getByLabel('Content');
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');

    // Picked, then straight into the text before the picker's focus task runs: the text keeps focus
    // and receives what is typed.
    await target.click();
    await page.getByRole('option', { name: /@elonmusk/ }).waitFor();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
    await page.getByRole('option', { name: /@elonmusk/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await content.focus();
    await page.clock.runFor(1_000);
    expect(await focused()).toBe('v2-content');
    await page.keyboard.insertText('Typed at once');
    expect(await content.inputValue()).toBe('Typed at once');
    await page.clock.resume();

    // Picked and nothing else focused: focus goes back to the picker, for the keyboard.
    await target.click();
    await page.getByRole('option', { name: /@BillGates/ }).click();
    await expect.poll(focused).toBe('v2-target');
    await closeCleanTab(tab);
  });
});
