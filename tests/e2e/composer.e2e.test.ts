// One composer language across the ways to schedule (Classic, V2, the Schedules dialog, the
// Calendar; Bulk's batch toast is in schedule-forms.e2e): the same target picker driven by the
// keyboard, the live @mention warning, the preview of exactly what will be posted, Repurpose beside
// the original with Use / Try again / Undo, and one success toast whose link leads to the schedule
// (read from the page's toast log, so a toast gone from the screen still answers).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { connectX, CSRF, json, schedulesOf } from './support/api';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { chooseOption, expectToast, newUser, pickTarget, register, toastLink, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

type Schedule = { id: string; targetUsername: string | null; content: string | null };

/** Presses a button with the keyboard: focus, then Enter. */
async function pressButton(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  await button.focus();
  await page.keyboard.press('Enter');
}

describe.skipIf(skip !== null)('one composer language', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' });

  it('classic: live mention warning, exact preview, Repurpose beside the original (Use, Try again, Undo), toast linking to the schedule', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('composer'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, 'composer_poster');
    await page.reload();
    const form = page.getByRole('form', { name: 'Schedule a Reply' });
    await pickTarget(page, 'Target Account', 'naval', form);

    const content = form.getByLabel('Reply Content');
    const original = 'Small teams ship faster. They skip the meetings, @someone knows it.';
    await content.fill(original);
    // The warning is live, and the preview is what X will get: the mention gone.
    await form.getByTestId('mentions-warning').getByText('Warning: @Mentions Detected').waitFor();
    const preview = form.getByTestId('reply-preview');
    await preview.getByText('Preview: what will be posted').waitFor();
    await expect.poll(() => preview.getByTestId('reply-preview-text').textContent()).toBe('Small teams ship faster. They skip the meetings, knows it.');
    await content.fill('Small teams ship faster. They skip the meetings.');
    await form.getByTestId('mentions-warning').waitFor({ state: 'detached' });

    // Repurpose shows the rewrite beside the original; nothing is overwritten until Use.
    await pressButton(page, form.getByRole('button', { name: 'Repurpose' }));
    const panel = form.getByTestId('repurpose-panel');
    await panel.getByTestId('repurpose-original').getByText('Small teams ship faster. They skip the meetings.').waitFor();
    const suggestion = panel.getByTestId('repurpose-suggestion');
    await suggestion.waitFor();
    const first = (await suggestion.textContent()) ?? '';
    expect(first).not.toBe('');
    expect(first).not.toMatch(/^Put differently/);
    expect(await content.inputValue()).toBe('Small teams ship faster. They skip the meetings.');
    expect(await panel.getByRole('button', { name: 'Undo' }).isDisabled()).toBe(true);

    // Try again asks for another variation (the offline writer is deterministic per seed).
    await pressButton(page, panel.getByRole('button', { name: 'Try again' }));
    await expect.poll(async () => (await suggestion.count()) > 0 && (await suggestion.textContent()) !== first, { timeout: 10_000 }).toBe(true);
    const second = (await suggestion.textContent()) ?? '';

    await pressButton(page, panel.getByRole('button', { name: 'Use' }));
    await expect.poll(() => content.inputValue()).toBe(second);
    await expect.poll(() => preview.getByTestId('reply-preview-text').textContent()).toBe(second);
    await pressButton(page, panel.getByRole('button', { name: 'Undo' }));
    await expect.poll(() => content.inputValue()).toBe('Small teams ship faster. They skip the meetings.');
    await pressButton(page, panel.getByRole('button', { name: 'Use' }));
    await expect.poll(() => content.inputValue()).toBe(second);
    await pressButton(page, panel.getByRole('button', { name: 'Close' }));
    await panel.waitFor({ state: 'detached' });

    // With AI on, the preview says the AI writes at send time, in the chosen style.
    await form.getByRole('switch', { name: /Use AI/ }).press('Space');
    await preview.getByText('Preview: the AI writes the reply when it is sent').waitFor();
    await preview.getByText(/Style: Savage Comeback\./).waitFor();
    await form.getByRole('switch', { name: /Use AI/ }).press('Space');

    await pressButton(page, form.getByRole('button', { name: 'Schedule Reply' }));
    await expectToast(page, 'Schedule created', 'Your reply to @naval has been scheduled');
    const [created] = await schedulesOf<Schedule>(page);
    expect(created).toMatchObject({ targetUsername: 'naval', content: second });
    const link = await toastLink(page, 'Schedule created');
    expect(link).toBe(`/schedule-replies/${created!.id}`);
    await page.goto(link);
    await page.getByText('@naval').first().waitFor();

    await closeCleanTab(tab);
  });

  it('V2: the repurpose style is a select of the known styles; the server refuses an unknown one with 400 {message, field}', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('composerv2'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, 'composer_v2');
    await page.goto('/schedule-replies-v2');
    const form = page.getByRole('form', { name: 'New AI Reply' });
    // AI starts off without a model connected; switched on, the text only guides it.
    await form.getByRole('switch', { name: /AI-generated reply/ }).click();
    await form.getByLabel('Content (optional)').fill('Remote work is here to stay');
    await pressButton(page, form.getByRole('button', { name: 'Repurpose' }));
    const panel = form.getByTestId('repurpose-panel');
    await panel.getByTestId('repurpose-suggestion').waitFor();
    expect(await panel.getByRole('textbox').count()).toBe(0);
    const style = panel.getByRole('combobox', { name: 'Repurpose style' });
    await style.click();
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(options).toEqual(['Friendly', 'Professional', 'Humorous', 'Analytical', 'Contrarian', 'Savage Comeback']);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    // Escape closed the list only: the panel and the form stay.
    await panel.getByTestId('repurpose-original').waitFor();
    await chooseOption(page, style, 'Savage Comeback');
    await expectToast(page, 'Content repurposed', 'Savage Comeback');

    const refused = await page.request.post('/api/v2/repurpose', { headers: CSRF, data: { originalContent: 'Remote work is here to stay', targetStyle: 'savage_comeback_typed' } });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('Choose one of: friendly'), field: 'targetStyle' });
    await closeCleanTab(tab);
  });

  it('the Schedules dialog and the Calendar: the same preview and the same toast link', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, newUser('composercal'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, 'composer_cal');
    await json(await page.request.post('/api/templates', { headers: CSRF, data: { name: 'Thoughtful', content: 'Great thread, thanks' } }));

    await page.goto('/schedules');
    await page.getByRole('button', { name: 'New Schedule' }).click();
    const dialog = page.getByTestId('new-schedule-dialog');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Template', exact: true }), 'Thoughtful');
    await dialog.getByTestId('reply-preview').getByText('Great thread, thanks').waitFor();
    await pickTarget(page, 'Target account', 'BillGates', dialog);
    await dialog.getByRole('button', { name: 'Create Schedule' }).click();
    await expectToast(page, 'Schedule created');
    await dialog.waitFor({ state: 'detached' });
    const [fromDialog] = await schedulesOf<Schedule>(page);
    expect(await toastLink(page, 'Schedule created')).toBe(`/schedule-replies/${fromDialog!.id}`);

    await page.goto('/calendar-mockup');
    const compose = page.getByTestId('compose-panel');
    await pickTarget(page, 'Reply to', 'sama', compose);
    const reply = compose.getByLabel('Reply', { exact: true });
    await reply.fill('Composed on the calendar, @someone');
    await compose.getByTestId('mentions-warning').waitFor();
    await expect.poll(() => compose.getByTestId('reply-preview-text').textContent()).toBe('Composed on the calendar,');
    await reply.fill('Composed on the calendar');
    await compose.getByTestId('mentions-warning').waitFor({ state: 'detached' });
    await compose.getByRole('button', { name: 'Schedule Reply' }).click();
    await expectToast(page, 'Schedule created', 'Your reply to @sama has been scheduled');
    await expect.poll(async () => (await schedulesOf<Schedule>(page)).length).toBe(2);
    const fromCalendar = (await schedulesOf<Schedule>(page)).find((s) => s.targetUsername === 'sama');
    expect(await toastLink(page, 'Schedule created')).toBe(`/schedule-replies/${fromCalendar!.id}`);
    await closeCleanTab(tab);
  });
});
