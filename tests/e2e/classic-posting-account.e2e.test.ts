// Classic lets the user choose the X account that posts (it used to post from the first connected
// one, whatever the user had): an admin (unlimited accounts) with two connected accounts picks the
// second, and the schedule the server made posts from it; at 375 px the choice fits the screen.
import { describe, expect, it } from 'vitest';
import { connectX, schedulesOf, signInAdmin } from './support/api';
import { chromiumMissing, closeCleanTab, openTab, PHONE } from './support/browser';
import { chooseOption, expectToast, pickTarget } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)('Classic: the posting account', () => {
  const suite = browserSuite();

  it('posts from the account chosen, not the first one', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);
    await connectX(page, 'classic_first');
    await connectX(page, 'classic_second');
    await page.goto('/schedule-replies');
    const form = page.getByRole('form', { name: 'Schedule a Reply' });
    const account = form.getByRole('combobox', { name: 'Your X Account' });
    await account.getByText('@classic_first').waitFor();
    await chooseOption(page, account, '@classic_second', { exact: true });
    await pickTarget(page, 'Target Account', 'BillGates', form);
    await form.getByLabel('Reply Content').fill('From the second account');
    await form.getByRole('radiogroup', { name: 'When to reply' }).locator('label').filter({ hasText: 'Evening Peak' }).click();
    await form.getByRole('button', { name: 'Schedule Reply' }).click();
    await expectToast(page, 'Schedule created');
    const made = await schedulesOf<{ accountName: string; content: string }>(page);
    expect(made.find((s) => s.content === 'From the second account')).toMatchObject({ accountName: 'classic_second' });

    const phone = await openTab(suite.browser, suite.server.url, PHONE);
    await phone.context.addCookies(await tab.context.cookies());
    await phone.page.goto('/schedule-replies');
    await phone.page.getByRole('combobox', { name: 'Your X Account' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.context.close();
    await closeCleanTab(tab);
  });
});
