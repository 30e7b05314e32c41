// The emulator's web intent in a real browser, as assisted delivery sends people there: signed out,
// X asks them to sign in and brings them back to the composer, pre-filled; Post creates the reply in
// the emulator's world. It needs only the emulator (no Riposte server), and fits a 375 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXEmulator, type XEmulator } from '@adapters/x-emulator';
import { replyIntentUrl } from '@core/x';
import type { Browser } from 'playwright-core';
import { chromiumMissing, launchBrowser, openTab, PHONE } from './support/browser';

const skip = chromiumMissing();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)("Sandbox X's web intent in a browser", () => {
  let emulator: XEmulator;
  let browser: Browser;
  beforeAll(async () => {
    emulator = await startXEmulator();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await emulator?.close();
  });

  it('signs the person in, shows the pre-filled composer and posts the reply as them', async () => {
    const target = emulator.control.post('naval', 'Read more books');
    const tab = await openTab(browser, emulator.url, PHONE);
    const { page } = tab;
    await page.goto(replyIntentUrl(emulator.url, target.id, 'Which one first? 📚'));
    await page.getByLabel('Username').fill('phone_person');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#signed-in-as').getByText('@phone_person').waitFor();
    expect(await page.locator('#in-reply-to').textContent()).toContain('Read more books');
    expect(await page.getByLabel('Your reply').inputValue()).toBe('Which one first? 📚');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Post' }).click();
    await page.getByRole('heading', { name: 'Your post was sent.' }).waitFor();
    const [reply] = emulator.control.postsBy('phone_person');
    expect(reply).toMatchObject({ text: 'Which one first? 📚', replyToId: target.id });
    await page.locator('#post-link').click();
    await page.getByText('Which one first? 📚').waitFor();
    expect(tab.problems).toEqual([]);
    await tab.context.close();
  });
});
