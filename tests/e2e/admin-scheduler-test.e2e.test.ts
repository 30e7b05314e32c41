// The admin's Scheduler Test and Reply Status Badge Test pages in a real browser against the real
// server and an X emulator this test controls (reached by the real adapter):
//   - Direct Reply: the spec's field messages, then a reply to a post that mentions the account,
//     sent through X's API, after which the page shows Recent Replies with it;
//   - X refuses the account's tokens (revoked on X): the 'X Authentication Failed' banner, dismissed,
//     raised again, and cleared by 'Refresh X Token' (X's consent page in a popup, status polled);
//   - Create Test: a test schedule, then 'Run Now' shows what its run became;
//   - 'Logout Instead' ends the session; a user who is not an admin gets neither page nor data;
//   - the badge page lists every category and fits a 375 px phone.
// Every wait is for a state on the page or in the emulator, never for a toast or a moment.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connectX, CSRF, json, signInAdmin } from './support/api';
import { xEmulatorSuite } from './support/suite';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab, snap } from './support/browser';
import { chooseOption, newUser, register, waitForPath } from './support/flows';

/** Polls follow the page's own refreshes and a loaded machine: generous, never a fixed sleep. */
const WAIT = { timeout: 30_000, interval: 250 };

const skip = chromiumMissing();
if (skip) console.warn(skip);

const POSTER = 'admin_poster';
type Target = { id: string; username: string };

/**
 * Picks `option` in the select labelled `label` inside `scope`, and waits until the list has closed.
 * The option is chosen with the keyboard (focus, Enter): a pointer click that lands while the list
 * is still settling can be taken by the select as the release of the click that opened it (seen
 * once under heavy load: the list stayed open), while Enter on a focused option always selects.
 */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string | RegExp): Promise<void> {
  await chooseOption(page, scope.getByRole('combobox', { name: label, exact: true }), option);
}

describe.skipIf(skip !== null)('Admin Scheduler Test and Reply Status Badge Test in a real browser', () => {
  const suite = xEmulatorSuite();

  it('sends a direct reply, shows it in Recent Replies, and recovers from refused X tokens', async () => {
    const { emulator, server, browser } = suite;
    const tab = await openTab(browser, server.url);
    const { page, context } = tab;
    await signInAdmin(page);
    await connectX(page, POSTER);
    const [target] = await json<Target[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));

    await page.goto('/admin/scheduler-test');
    await page.getByRole('heading', { name: 'Scheduler Test' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Create Test', 'Direct Reply', 'Recent Replies']);

    // Direct Reply: the spec's messages, field by field, before anything is sent.
    await page.getByRole('tab', { name: 'Direct Reply' }).click();
    const form = page.getByRole('form', { name: 'Direct reply' });
    // The only connected account is preselected.
    await form.getByRole('combobox', { name: 'Post from', exact: true }).getByText(`@${POSTER}`).waitFor();
    await form.getByRole('button', { name: 'Send Direct Reply' }).click();
    await form.getByText('Please select the account whose post you reply to.').waitFor();
    await choose(page, form, 'Target account', new RegExp(`@${target!.username}\\b`));
    await form.getByRole('button', { name: 'Send Direct Reply' }).click();
    await form.getByText('Please enter a valid X/Twitter post ID to reply to.').waitFor();
    const summoned = emulator.control.post(target!.username, `What do you say, @${POSTER}?`);
    await form.getByLabel('Post ID').fill(`${emulator.url}/${target!.username}/status/${summoned.id}`);
    await form.getByRole('button', { name: 'Send Direct Reply' }).click();
    await form.getByText('Please enter content for your reply or enable AI generation.').waitFor();
    await form.getByLabel('Reply content').fill('I say ship it');
    await form.getByRole('button', { name: 'Send Direct Reply' }).click();

    // Sent through X's API; the page moves to Recent Replies, where it shows as sent.
    await expect.poll(() => page.getByRole('tab', { name: 'Recent Replies' }).getAttribute('aria-selected'), WAIT).toBe('true');
    const recent = page.getByTestId('recent-reply');
    await recent.filter({ hasText: 'I say ship it' }).and(page.locator('[data-status="sent"]')).waitFor();
    const [reply] = emulator.control.postsBy(POSTER);
    expect(reply).toMatchObject({ text: 'I say ship it', replyToId: summoned.id });
    await snap(page, 'scheduler-test-recent-1280');

    // X forgets the account's tokens: the next direct reply fails on authentication, and the page says so.
    expect(emulator.control.revokeTokens(POSTER)).toBeGreaterThan(0);
    const again = emulator.control.post(target!.username, `One more, @${POSTER}?`);
    await page.getByRole('tab', { name: 'Direct Reply' }).click();
    await form.getByLabel('Post ID').fill(again.id);
    await form.getByLabel('Reply content').fill('Still shipping');
    await form.getByRole('button', { name: 'Send Direct Reply' }).click();
    const banner = page.getByTestId('x-auth-banner');
    await banner.getByText('X Authentication Failed', { exact: true }).waitFor();
    expect(await banner.getByRole('link', { name: 'Logout Instead' }).getAttribute('href')).toBe('/api/auth/logout');
    // Recent Replies holds the failed reply with its 'Auth Failed' badge.
    await page.getByRole('tab', { name: 'Recent Replies' }).click();
    await recent.filter({ hasText: 'Still shipping' }).getByTestId('reply-status').getByText('Auth Failed').waitFor();
    await snap(page, 'scheduler-test-auth-banner-1280');
    await banner.getByRole('button', { name: 'Dismiss Warning' }).click();
    await expect.poll(() => banner.count(), WAIT).toBe(0);

    // A new failure raises it again.
    const fourth = emulator.control.post(target!.username, `Are you there, @${POSTER}?`);
    await page.getByRole('tab', { name: 'Direct Reply' }).click();
    await form.getByLabel('Post ID').fill(fourth.id);
    await form.getByLabel('Reply content').fill('Anyone home');
    await form.getByRole('button', { name: 'Send Direct Reply' }).click();
    await banner.getByText('X Authentication Failed', { exact: true }).waitFor();

    // Refresh X Token: X's consent page in a popup; once X hands new tokens back, the banner goes.
    const [popup] = await Promise.all([context.waitForEvent('page'), banner.getByRole('button', { name: 'Refresh X Token' }).click()]);
    await popup.locator('#username').fill(POSTER);
    await popup.getByRole('button', { name: 'Authorize app' }).click();
    await expect.poll(() => banner.count(), { timeout: 70_000, interval: 500 }).toBe(0);
    await popup.close().catch(() => undefined);

    // The refreshed tokens work: a direct reply goes out again.
    const third = emulator.control.post(target!.username, `Last one, @${POSTER}`);
    await page.getByRole('tab', { name: 'Direct Reply' }).click();
    await form.getByLabel('Post ID').fill(third.id);
    await form.getByLabel('Reply content').fill('Back in business');
    await form.getByRole('button', { name: 'Send Direct Reply' }).click();
    await recent.filter({ hasText: 'Back in business' }).and(page.locator('[data-status="sent"]')).waitFor();
    expect(emulator.control.postsBy(POSTER).filter((p) => p.replyToId === third.id)).toHaveLength(1);
    await closeCleanTab(tab);
  }, 150_000);

  it('creates a test schedule, runs it now, and shows what the run became', async () => {
    const { emulator, server, browser } = suite;
    const tab = await openTab(browser, server.url);
    const { page } = tab;
    await signInAdmin(page);
    await connectX(page, 'admin_tester');
    const targets = await json<Target[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    const target = targets[1]!;
    const post = emulator.control.post(target.username, 'Hot take: tests are documentation');

    await page.goto('/admin/scheduler-test');
    const form = page.getByRole('form', { name: 'Create test schedule' });
    await form.getByRole('button', { name: 'Create Test Schedule' }).click();
    await form.getByText('Please select an account to monitor for this test schedule.').waitFor();
    await page.getByLabel('Use the V2 scheduler').click();
    await form.getByRole('button', { name: 'Create V2 Test Schedule' }).click();
    await form.getByText('Please select an account to monitor for this V2 test schedule.').waitFor();
    await page.getByLabel('Use the V2 scheduler').click();
    await choose(page, form, 'Account to monitor', new RegExp(`@${target.username}\\b`));
    await choose(page, form, 'Post from (optional)', '@admin_tester');
    await form.getByLabel('Reply content').fill('Tests are the documentation that cannot lie');
    await form.getByRole('button', { name: 'Create Test Schedule' }).click();

    const created = page.getByTestId('created-test');
    await created.getByRole('button', { name: 'Run Now' }).click();
    // Its run answered the post: sent when X allows it, ready for the admin to post otherwise.
    const result = created.getByTestId('test-result');
    await result.waitFor();
    expect(['sent', 'ready']).toContain(await result.getAttribute('data-status'));
    await result.getByText('Tests are the documentation that cannot lie').waitFor();
    const replies = await json<{ postId: string | null; content: string }[]>(await page.request.get('/api/admin/recent-replies?limit=20', { headers: CSRF }));
    expect(replies.find((r) => r.content === 'Tests are the documentation that cannot lie')).toMatchObject({ postId: post.id });
    await snap(page, 'scheduler-test-create-1280');
    await expectFitsPhone(browser, server.url, tab.context, '/admin/scheduler-test', (p) => p.getByRole('form', { name: 'Create test schedule' }).waitFor(), 'scheduler-test-375');

    // Logout Instead ends the session.
    await page.goto('/admin/scheduler-test');
    await page.getByRole('tab', { name: 'Recent Replies' }).click();
    await page.getByTestId('recent-reply').first().waitFor();
    await page.goto('/api/auth/logout');
    await waitForPath(page, '/auth');
    await page.goto('/admin/scheduler-test');
    await waitForPath(page, '/auth');
    await closeCleanTab(tab);
  }, 120_000);

  it('shows every badge by category to admins, and neither page nor data to other users', async () => {
    const { server, browser } = suite;
    const tab = await openTab(browser, server.url);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/admin/reply-status-test');
    await page.getByRole('heading', { name: 'Reply Status Badge Test' }).waitFor();
    expect(await page.getByTestId('badge-category').count()).toBeGreaterThanOrEqual(6);
    for (const status of ['sent', 'pending', 'ready', 'unconfirmed', 'failed', 'not_summoned', 'skipped', 'expired', 'failed+auth']) {
      await expect.poll(() => page.locator(`[data-testid="badge-sample"][data-status="${status}"] [data-testid="reply-status"]`).count(), { ...WAIT, message: status }).toBe(3);
    }
    await page.locator('[data-testid="badge-sample"][data-status="failed+auth"]').getByText('Auth Failed').first().waitFor();
    await snap(page, 'reply-status-test-1280');
    await expectFitsPhone(browser, server.url, tab.context, '/admin/reply-status-test', (p) => p.getByTestId('badge-category').first().waitFor(), 'reply-status-test-375');
    await closeCleanTab(tab);

    const user = await openTab(browser, server.url);
    await register(user.page, newUser('notadmin'));
    await waitForPath(user.page, '/schedule-replies');
    for (const path of ['/admin/scheduler-test', '/admin/reply-status-test']) {
      await user.page.goto(path);
      await user.page.getByTestId('admin-only').getByText('Administrators only').waitFor();
    }
    expect((await user.page.request.get('/api/admin/recent-replies?limit=20', { headers: CSRF })).status()).toBe(403);
    await closeCleanTab(user);
  }, 90_000);
});
