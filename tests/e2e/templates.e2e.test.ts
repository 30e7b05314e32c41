// The Templates page and the admin Viral Response Styles page in a real browser against the real
// server (offline AI writer): create, edit, the mention warning, delete, groups reordered with the
// keyboard, and an AI variation previewed by an admin.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumMissing, closeCleanTab, openTab, PHONE, snap } from './support/browser';
import { expectToast, holdRequests, newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';
import { ADMIN_PASSWORD } from './support/server';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const CSRF = { 'X-Riposte-Request': '1' };
const WARNING = 'Due to X platform policies, @mentions have been automatically removed from your template to avoid account restrictions.';

async function signedInUser(page: Page): Promise<void> {
  await register(page, newUser('tpl'));
  await waitForPath(page, '/schedule-replies');
}

/** Cards' names in page order. */
const cardNames = (page: Page) => page.getByTestId('template-card').locator('[data-slot="card-title"]').allTextContents();

describe.skipIf(skip !== null)('templates in a real browser', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });

  it('creates, edits (AI options), warns about mentions and deletes a template', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signedInUser(page);

    // Hold the first list answer to see the three skeletons.
    const listing = await holdRequests(page, '**/api/templates', 'GET');
    // The page's clock: it runs as usual until the mention warning, which lasts 5 seconds of it.
    await page.clock.install();
    await page.goto('/templates');
    await page.getByRole('heading', { name: 'Templates', exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('template-skeleton').count()).toBe(3);
    listing.release();
    const empty = page.getByTestId('templates-empty');
    await empty.getByText('No templates found').waitFor();
    await snap(page, 'templates-empty-1280');

    // Create, through the empty state's button.
    await empty.getByRole('button', { name: 'Create your first template' }).click();
    const dialog = page.getByTestId('template-dialog');
    await dialog.getByRole('heading', { name: 'Create New Template' }).waitFor();
    await dialog.getByText('Create a new reply template for your automated responses.').waitFor();
    // AI is off by default: its options are dimmed and inactive; the offline writer is named.
    const ai = dialog.getByTestId('ai-options');
    expect(await ai.evaluate((el) => (el as HTMLFieldSetElement).disabled)).toBe(true);
    expect(await ai.getAttribute('class')).toContain('opacity-50');
    await ai.getByTestId('offline-writer').waitFor();
    expect(await dialog.getByLabel('AI max length').inputValue()).toBe('4000');

    // The shared schema's messages, before anything is sent.
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await dialog.getByText('Template name is required').waitFor();
    await dialog.getByText('Template content is required').waitFor();

    await dialog.getByLabel('Template Name').fill('Friendly opener');
    await dialog.getByLabel('Content').fill('Thanks @jack for this take, mail me at me@example.com');
    await dialog.getByTestId('content-counter').getByText('53/25000 characters').waitFor();
    // Leaving the field strips the mention and shows the warning. The page's clock stops first
    // (a few seconds ahead: it must not be behind the page's time when the call lands), so the
    // 5-second warning waits for this test however slow the machine is.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10_000));
    await dialog.getByLabel('Template Name').click();
    await dialog.getByTestId('mention-warning').getByText(WARNING).waitFor();
    expect(await dialog.getByLabel('Content').inputValue()).toBe('Thanks for this take, mail me at me@example.com');
    await snap(page, 'template-dialog-1280');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expectToast(page, 'Template created', 'Your template has been created successfully');
    await dialog.waitFor({ state: 'detached' });

    // The warning stays on the page for 5 seconds, then goes.
    const pageWarning = page.getByTestId('mention-warning');
    await pageWarning.waitFor();
    await page.clock.runFor(4_900);
    expect(await pageWarning.count()).toBe(1);
    await page.clock.runFor(200);
    await pageWarning.waitFor({ state: 'detached' });
    await page.clock.resume();

    const card = page.getByTestId('template-card').filter({ hasText: 'Friendly opener' });
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('Thanks for this take, mail me at me@example.com').waitFor();
    await card.getByText('47/25000 characters').waitFor();
    expect(await card.getByText('AI-Powered').count()).toBe(0);

    // Edit: AI on (options come alive), length clamped, inactive; a mention typed and saved
    // straight away is stripped by the server, which the page reports too.
    await card.getByRole('button', { name: 'Edit Friendly opener' }).click();
    await dialog.getByRole('heading', { name: 'Edit Template' }).waitFor();
    await dialog.getByText('Make changes to your reply template here.').waitFor();
    await dialog.getByRole('switch', { name: /AI-Powered/ }).click();
    expect(await ai.evaluate((el) => (el as HTMLFieldSetElement).disabled)).toBe(false);
    await dialog.getByLabel('AI max length').fill('99999');
    await dialog.getByLabel('Viral style').click();
    await page.getByRole('option', { name: /Insight Bomb/ }).click();
    expect(await dialog.getByLabel('AI max length').inputValue()).toBe('4000');
    // A preview of what the AI would send, from the offline writer, labelled so.
    await dialog.getByRole('button', { name: 'Preview variation' }).click();
    const preview = dialog.getByTestId('ai-preview');
    await preview.getByText('Offline writer').waitFor();
    expect((await preview.locator('blockquote').textContent())?.trim()).not.toBe('');
    await dialog.getByRole('switch', { name: /Active/ }).click();
    await dialog.getByLabel('Template Name').fill('Friendly opener v2');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Template updated', 'Your template has been updated successfully');
    const edited = page.getByTestId('template-card').filter({ hasText: 'Friendly opener v2' });
    await edited.getByText('Inactive', { exact: true }).waitFor();
    await edited.getByText('AI-Powered').waitFor();
    expect(await edited.getAttribute('class')).toContain('opacity-60');
    expect(await edited.getAttribute('data-active')).toBe('false');

    // Delete, with the answer held until 'Deleting...' is seen.
    const deleting = await holdRequests(page, '**/api/templates/*', 'DELETE');
    await edited.getByRole('button', { name: 'Delete Friendly opener v2' }).click();
    const confirm = page.getByTestId('delete-template-dialog');
    await confirm.getByRole('heading', { name: 'Delete Template' }).waitFor();
    await confirm.getByText('Are you sure you want to delete this template? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Deleting...' }).waitFor();
    deleting.release();
    await expectToast(page, 'Template deleted', 'The template has been deleted');
    await page.getByTestId('templates-empty').waitFor();
    await closeCleanTab(tab);
  });

  it('builds a template group and reorders it with the keyboard', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await signedInUser(page);
    for (const name of ['First', 'Second', 'Third']) {
      const res = await page.request.post('/api/templates', { data: { name, content: `${name} reply` }, headers: CSRF });
      expect(res.status()).toBe(201);
    }
    await page.goto('/templates');
    await expect.poll(() => cardNames(page)).toEqual(['Third', 'Second', 'First']);
    await page.getByTestId('groups-empty').waitFor();

    await page.getByRole('button', { name: 'New Group' }).click();
    const dialog = page.getByTestId('group-dialog');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await dialog.getByText('Group name is required').waitFor();
    await dialog.getByLabel('Group Name').fill('Morning rotation');
    await dialog.getByRole('button', { name: 'Create Group' }).click();
    await expectToast(page, 'Template group created');
    const group = page.getByTestId('template-group').filter({ hasText: 'Morning rotation' });
    await group.getByText('No templates in this group yet.').waitFor();

    for (const name of ['First', 'Second', 'Third']) {
      await group.getByRole('combobox', { name: 'Add a template to Morning rotation' }).click();
      await page.getByRole('option', { name }).click();
      await expect.poll(() => group.getByTestId('group-template').count()).toBeGreaterThan(['First', 'Second', 'Third'].indexOf(name));
    }
    const order = () => group.getByTestId('group-template').locator('span.truncate').allTextContents();
    await expect.poll(order).toEqual(['First', 'Second', 'Third']);

    // Keyboard: focus First's handle, lift with Space, move down twice, drop with Space. Each key
    // waits for the list's spoken answer (dnd-kit's live region), so the next press starts from
    // the layout the previous one made. Lifting says 'Picked up', then at once where it is over.
    await group.getByRole('button', { name: 'Reorder First' }).focus();
    const steps = [
      ['Space', 'First moved to position 1 of 3.'],
      ['ArrowDown', 'First moved to position 2 of 3.'],
      ['ArrowDown', 'First moved to position 3 of 3.'],
      ['Space', 'First dropped at position 3 of 3.'],
    ] as const;
    for (const [key, said] of steps) {
      await page.keyboard.press(key);
      await page.locator('[id^="DndLiveRegion"]').filter({ hasText: said }).waitFor({ state: 'attached' });
    }
    await expect.poll(order).toEqual(['Second', 'Third', 'First']);
    await snap(page, 'template-groups-1280');

    // Saved on the server, in that order; removing one keeps the rest in place.
    const saved = async () => {
      const res = await page.request.get('/api/template-groups', { headers: CSRF });
      const [g] = (await res.json()) as { templates: { name: string }[] }[];
      return g?.templates.map((t) => t.name);
    };
    await expect.poll(saved).toEqual(['Second', 'Third', 'First']);
    await group.getByRole('button', { name: 'Remove Third from the group' }).click();
    await expect.poll(order).toEqual(['Second', 'First']);
    await expect.poll(saved).toEqual(['Second', 'First']);
    await closeCleanTab(tab);
  });

  it('fits a phone screen', async () => {
    const tab = await openTab(suite.browser, suite.server.url, PHONE);
    const { page } = tab;
    await signedInUser(page);
    await page.request.post('/api/templates', { data: { name: 'A rather long template name that must be truncated on a phone', content: 'x'.repeat(400) }, headers: CSRF });
    await page.goto('/templates');
    await page.getByTestId('template-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'templates-375');
    await tab.context.close();
  });
});

describe.skipIf(skip !== null)('viral response styles in a real browser', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });

  it('keeps the page to admins', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    await signedInUser(tab.page);
    await tab.page.goto('/admin/viral-styles');
    await tab.page.getByTestId('admin-only').getByText('Administrators only').waitFor();
    await tab.context.close();
  });

  it('lists the ten styles and previews an offline AI variation', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page, context } = tab;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The bootstrap admin, password changed and email set beforehand (their own tests cover those dialogs).
    const login = await page.request.post('/api/auth/login', { data: { username: 'admin', password: ADMIN_PASSWORD }, headers: CSRF });
    expect(login.status()).toBe(200);
    const change = await page.request.put('/api/auth/change-password', {
      data: { currentPassword: ADMIN_PASSWORD, newPassword: 'admin-styles-pw', confirmPassword: 'admin-styles-pw' },
      headers: CSRF,
    });
    expect(change.status()).toBe(200);
    const email = { email: 'admin@example.com', subscribedToUpdates: false, currentPassword: 'admin-styles-pw' };
    expect((await page.request.post('/api/user/email', { data: email, headers: CSRF })).status()).toBe(200);

    await page.goto('/admin/viral-styles');
    await page.getByRole('heading', { name: 'Viral Response Styles' }).waitFor();
    await expect.poll(() => page.getByTestId('style-item').count()).toBe(10);
    await page.getByTestId('style-list').getByText('Savage Comeback').waitFor();
    const tester = page.getByTestId('reply-tester');
    await tester.getByTestId('offline-writer').waitFor();
    expect(await tester.getByLabel('Account name').inputValue()).toBe('@Example');

    await tester.getByRole('button', { name: 'Generate Reply' }).click();
    await expectToast(page, 'Tweet text required', 'Please enter some text to reply to');

    await tester.getByLabel('Tweet text').fill('Remote work is dead. Everyone is going back to the office by next year.');
    await tester.getByLabel('Viral style').click();
    await page.getByRole('option', { name: 'Hilarious One-Liner' }).click();
    await tester.getByRole('button', { name: 'Generate Reply' }).click();
    const result = tester.getByTestId('generated-reply');
    await result.waitFor();
    const reply = await result.getByLabel(/Generated reply/).inputValue();
    expect(reply.trim()).not.toBe('');
    expect(reply).not.toMatch(/(^|\s)@\w/);
    await result.getByTestId('reply-counter').getByText(`${[...reply].length}/280`).waitFor();
    await snap(page, 'viral-styles-1280');

    await result.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reply);

    await result.getByLabel(/Generated reply/).fill('y'.repeat(281));
    await result.getByText('281/280').waitFor();
    await result.getByText('Exceeds character limit!').waitFor();
    await closeCleanTab(tab);
  });
});
