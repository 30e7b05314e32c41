// One composer language on Bulk Replies (issue 14 points 3 and 5, ADR 0042): each row shows the
// composers' shared preview of exactly what will be posted, X's count against the row's own
// posting account and the live mention warning, and the confirmation names a row X would cut,
// before anything is scheduled. In a real browser against the real server, with the keyboard; the
// batch is read back over the API and holds the texts the previews showed.
import { describe, expect, it } from 'vitest';
import { connectX, schedulesOf } from './support/api';
import { chromiumMissing, closeCleanTab, openTab, snap } from './support/browser';
import { expectToast, newUser, register, waitForPath } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const BULK_USER = 'bulkpreview1';
const POSTER = 'bulkprev_poster';

describe.skipIf(skip !== null)('Bulk Replies previews every row', () => {
  const suite = browserSuite({ RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '', RIPOSTE_LEGACY_USERNAMES: BULK_USER });

  it('shows the posted text of each row and warns on an over-limit row before scheduling', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page } = tab;
    await register(page, { ...newUser('bulkpreview'), username: BULK_USER, email: `${BULK_USER}@example.com` });
    await waitForPath(page, '/schedule-replies');
    await connectX(page, POSTER);
    await page.goto('/bulk-replies');
    await page.getByRole('heading', { name: 'Bulk Replies' }).waitFor();

    // AI starts off for the batch (no AI model is connected); by keyboard on and off again, then two rows.
    const ai = page.getByRole('switch', { name: 'Use AI' });
    await expect.poll(() => ai.getAttribute('aria-checked')).toBe('false');
    await ai.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => ai.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Space');
    await expect.poll(() => ai.getAttribute('aria-checked')).toBe('false');
    const add = page.getByRole('button', { name: 'Add Reply' });
    await expect.poll(() => add.isDisabled()).toBe(false);
    await add.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('bulk-row').count()).toBe(2);

    // Row 1 with a mention: the row's own warning while it is there, and a preview without it.
    const text1 = page.getByRole('textbox', { name: 'Reply text, reply 1' });
    await text1.focus();
    await page.keyboard.type('Well said @someone and thanks');
    const row1 = page.getByTestId('bulk-row-text').nth(0);
    await row1.getByTestId('mentions-warning').waitFor();
    expect(await page.getByTestId('bulk-row-text').nth(1).getByTestId('mentions-warning').count()).toBe(0);
    const preview1 = page.getByRole('region', { name: 'Preview, reply 1' });
    await preview1.getByText('Preview: what will be posted').waitFor();
    const shown1 = (await preview1.getByTestId('reply-preview-text').textContent()) ?? '';
    expect(shown1).not.toContain('@');
    expect(shown1).toContain('Well said');
    await page.getByTestId('bulk-counter-1').getByText('29/280 characters').waitFor();

    // Row 2 past X's 280 for this account: the counter says so, the preview shows the whole text.
    const long = `${'Long replies get cut. '.repeat(14)}End.`;
    await page.getByRole('textbox', { name: 'Reply text, reply 2' }).fill(long);
    const counter2 = page.getByTestId('bulk-counter-2');
    await counter2.getByText(`${long.length}/280 characters`).waitFor();
    await counter2.getByText(`X allows 280 characters from @${POSTER}: the reply will be cut at a sentence or word.`).waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Preview, reply 2' }).getByTestId('reply-preview-text').textContent()).toBe(long);
    // Leaving row 1's field strips its mention (the spec's notice); its warning goes, the preview stays.
    await row1.getByTestId('mentions-warning').waitFor({ state: 'detached' });
    await page.getByTestId('bulk-mentions').waitFor();
    expect(await text1.inputValue()).toBe(shown1);
    await snap(page, 'bulk-preview-1280');

    // Schedule All: the confirmation names the row X would cut, before anything is sent.
    const scheduleAll = page.getByRole('button', { name: 'Schedule All Replies' });
    await scheduleAll.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('2 replies will be scheduled.', { exact: false }).waitFor();
    const warning = confirm.getByTestId('bulk-too-long');
    await warning.getByText(`Reply 2: X allows 280 characters from @${POSTER}; it will be cut at a sentence or word.`).waitFor();
    expect(await warning.getByText(/Reply 1:/).count()).toBe(0);
    expect(await schedulesOf(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Schedule All' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Bulk replies scheduled', '2 replies have been scheduled');

    // What the server holds is what the previews showed.
    const created = await schedulesOf<{ content: string | null }>(page);
    expect(created.map((s) => s.content).sort()).toEqual([long, shown1].sort());
    await closeCleanTab(tab);
  });
});
