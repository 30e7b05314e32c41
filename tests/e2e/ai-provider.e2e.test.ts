// The admin's AI Provider page in a real browser against the real server, with the
// OpenAI-compatible emulator in this process as the provider (the server's openai client calls it
// over HTTP): the Test button shows the sample reply and its time, and a failure in plain words
// (a wrong key, a server that is not there); Save connects it, the key field stays empty and the
// composers say what happens when it fails. On a 375 px phone the page fits and shows a failure.
// A plain user sees 'Administrators only'.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_MODEL, startAiEmulator, type AiEmulator } from '@adapters/ai-emulator';
import { chromiumMissing, closeCleanTab, openTab, PHONE, snap } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { signInAdmin } from './support/api';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const KEY = 'sk-e2e-provider-key';

async function fillProvider(page: Page, values: { baseUrl: string; model: string; apiKey: string }): Promise<void> {
  const form = page.getByTestId('ai-provider-form');
  await form.getByLabel('Endpoint URL').fill(values.baseUrl);
  await form.getByLabel('Model').fill(values.model);
  await form.getByLabel('API key').fill(values.apiKey);
}

async function testResult(page: Page): Promise<{ ok: string | null; text: string }> {
  await page.getByTestId('ai-provider-form').getByRole('button', { name: 'Test' }).click();
  const result = page.getByTestId('ai-test-result');
  await result.waitFor();
  return { ok: await result.getAttribute('data-ok'), text: (await result.textContent()) ?? '' };
}

describe.skipIf(skip !== null)('the AI provider page in a real browser', () => {
  let ai: AiEmulator;
  beforeAll(async () => {
    ai = await startAiEmulator({ apiKey: KEY });
  });
  afterAll(async () => {
    await ai?.close();
  });
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '', RIPOSTE_AI_MAX_RETRIES: '0' });

  it('is for admins only', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    await register(tab.page, newUser('notadmin'));
    await waitForPath(tab.page, '/schedule-replies');
    await tab.page.goto('/admin/ai-provider');
    await tab.page.getByTestId('admin-only').waitFor();
    expect(await tab.page.getByTestId('ai-provider-form').count()).toBe(0);
    await closeCleanTab(tab);
  });

  it('tests, shows a failure in plain words, saves, and the composers say what a failure does (1280 px)', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/admin/ai-provider');
    await page.getByTestId('ai-in-use').getByText(/No provider is set/).waitFor();

    await fillProvider(page, { baseUrl: ai.baseUrl, model: EMULATOR_MODEL, apiKey: 'sk-wrong' });
    const refused = await testResult(page);
    expect(refused.ok).toBe('false');
    expect(refused.text).toContain('The AI service refused our credentials; an administrator must check the AI API key');

    await page.getByLabel('API key').fill(KEY);
    const answered = await testResult(page);
    expect(answered.ok).toBe('true');
    expect(answered.text).toMatch(new RegExp(`${EMULATOR_MODEL} answered in \\d+ ms`));
    expect(ai.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);

    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'AI provider saved');
    await page.getByTestId('ai-in-use').getByText(`In use: ${EMULATOR_MODEL} at ${ai.baseUrl}, set on this page, with a key.`).waitFor();
    // The key is never shown back: the field is empty and says a key is set.
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    await page.getByText('A key is set and kept sealed; it is never shown.').waitFor();
    expect(await page.content()).not.toContain(KEY);

    // The provider goes down: the saved one's Test says so, in words.
    ai.inject({ kind: 'status', status: 503 }, 1);
    const down = await testResult(page);
    expect(down.ok).toBe('false');
    expect(down.text).toContain('The AI service is unavailable');

    await page.goto('/schedule-replies-v2');
    await page.getByTestId('ai-fallback-note').getByText(/waits while it is on time, then is skipped with the reason/).waitFor();
    expect(await page.getByTestId('ai-provider-note').count()).toBe(0);
    await snap(page, 'ai-provider-v2-note');
    await closeCleanTab(tab);
  });

  it('fits a 375 px phone and shows a failure there', async () => {
    const tab = await openTab(suite.browser, suite.server.url, PHONE);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/admin/ai-provider');
    await page.getByTestId('ai-provider-form').waitFor();
    const closed = await startAiEmulator();
    const gone = closed.baseUrl;
    await closed.close();
    await fillProvider(page, { baseUrl: gone, model: EMULATOR_MODEL, apiKey: KEY });
    const failed = await testResult(page);
    expect(failed.ok).toBe('false');
    expect(failed.text).toMatch(/Could not reach the AI service.*ECONNREFUSED/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'ai-provider-phone-failure');
    await closeCleanTab(tab);
  });
});
