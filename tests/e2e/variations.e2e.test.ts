// Variations and the honest AI switch in a real browser (offline writer, no model connected): a
// template written with spintax shows how many distinct texts it makes and a preview of them; a
// fixed text in V2 says it makes one run before it repeats; V2 starts with AI off and says how to
// connect a model.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

async function signedInUser(page: Page): Promise<void> {
  await register(page, newUser('vary'));
  await waitForPath(page, '/schedule-replies');
}

describe.skipIf(skip !== null)('variations in a real browser', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });

  it('a spintax template shows its count and preview; a fixed text in V2 makes one run; AI starts off without a model', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signedInUser(page);

    await page.goto('/templates');
    await page.getByRole('heading', { name: 'Templates', exact: true }).waitFor();
    await page.getByRole('button', { name: /Create your first template|New Template/ }).first().click();
    const dialog = page.getByTestId('template-dialog');
    await dialog.getByLabel('Template Name').fill('Varied');
    await dialog.getByLabel('Content').fill('{Great|Sharp|Fair} point, {truly|really}');
    const note = dialog.getByTestId('variations-note');
    await note.getByText('6 different texts: 6 runs before one repeats').waitFor();
    expect(await note.getAttribute('data-count')).toBe('6');
    expect(await note.getByTestId('variations-preview').locator('li').allTextContents()).toEqual([
      'Great point, truly',
      'Sharp point, truly',
      'Fair point, truly',
      'Great point, really',
      'Sharp point, really',
    ]);
    // Texts X takes for the same one count once.
    await dialog.getByLabel('Content').fill('{Great|great!|GREAT} point');
    await note.getByText('1 run before this text repeats').waitFor();
    await dialog.getByLabel('Content').fill('{Great|Sharp|Fair} point, {truly|really}');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expectToast(page, 'Template created');

    await page.goto('/schedule-replies-v2');
    const form = page.getByRole('form', { name: 'New AI Reply' });
    const ai = form.getByRole('switch', { name: /AI-generated reply/ });
    await form.getByTestId('ai-provider-note').getByText(/RIPOSTE_AI_BASE_URL/).waitFor();
    expect(await ai.getAttribute('aria-checked')).toBe('false');
    await form.getByLabel('Content', { exact: true }).fill('Exactly my point');
    await form.getByTestId('variations-note').getByText('1 run before this text repeats').waitFor();
    await form.getByLabel('Content', { exact: true }).fill('{Exactly|Precisely} my point');
    await form.getByTestId('variations-note').getByText('2 different texts: 2 runs before one repeats').waitFor();
    // With AI on, every run is written afresh: no count.
    await ai.click();
    await form.getByTestId('variations-note').waitFor({ state: 'detached' });
    await closeCleanTab(tab);
  });
});
