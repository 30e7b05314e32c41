// Replies in a real browser against the real server, its embedded scheduler and an X emulator this
// test controls (reached by the real adapter, as the server would reach X): four one-time schedules
// come due in the same minute and the person sees what each became.
//   - assisted delivery (X's rule: the author did not summon the account): the reply waits in Ready
//     to send with its count in the sidebar; 'Open in X' opens X's composer pre-filled, Post is
//     pressed there, Riposte detects the reply and it leaves the queue as Sent;
//   - 'Mark as sent' and 'Skip' settle the two other ready replies from the server's answer; the
//     first of them is an AI template's, written by the offline writer because the AI provider is
//     down (fallback 'offline'): its card and its history row say so;
//   - a post that mentions the account is answered directly through the API (auto mode);
//   - Reply History lists the four with their badges and reasons, links to the replies on X,
//     searches (back to page 1) and fits a 375 px phone, as does the queue.
// Every wait is for a state on the page or in the emulator, never for a toast or a moment; the
// due minute comes when the test moves the server's clock, the queue's 15 s refresh when it moves
// the page's (Playwright's clock).
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { connectX, CSRF, json, signInAdmin } from './support/api';
import { xEmulatorSuite } from './support/suite';
import { chromiumMissing, closeCleanTab, expectFitsPhone, openTab, snap } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';
import { EMULATOR_MODEL, startAiEmulator, type AiEmulator } from '@adapters/ai-emulator';

/** Polls follow the page's own refreshes and a loaded machine: generous, never a fixed sleep. */
const WAIT = { timeout: 30_000, interval: 250 };

const skip = chromiumMissing();
if (skip) console.warn(skip);

const POSTER = 'rep_poster';
/** A schedule due this far ahead at least: the server refuses one-time schedules in the past. */
const LEAD_MS = 45_000;
/** The ready queue's refresh on the page (useReadyReplies). */
const QUEUE_REFRESH_MS = 15_000;

type Target = { id: string; username: string };
type Reply = { id: string; status: string; targetUsername: string | null; replyPostId: string | null; content: string; statusMessage: string | null };

/** The next whole minute at least LEAD_MS from `now` (the scheduler works in minutes). */
const dueSoon = (now: number): string => {
  const at = new Date(now + LEAD_MS);
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(at.getUTCMinutes() + 1);
  return at.toISOString();
};

async function scheduleReply(page: Page, target: Target, connectedAccountId: string, text: string, at: string, useAI = false): Promise<void> {
  const template = await json<{ id: string }>(await page.request.post('/api/templates', { headers: CSRF, data: { name: `For @${target.username}`, content: text, useAI } }));
  await json(
    await page.request.post('/api/schedules', {
      headers: CSRF,
      data: { accountId: target.id, connectedAccountId, templateId: template.id, templateGroupId: null, scheduleType: 'scheduled', isRecurring: false, scheduledTime: at },
    }),
  );
}

const history = async (page: Page, query = ''): Promise<{ items: Reply[]; total: number; page: number }> =>
  json(await page.request.get(`/api/replies?page=1&limit=25${query}`, { headers: CSRF }));

describe.skipIf(skip !== null)('Replies in a real browser: ready to send, history, direct and assisted delivery', () => {
  const suite = xEmulatorSuite({
    RIPOSTE_SCHEDULER: 'embedded',
    RIPOSTE_SCHEDULER_INTERVAL_MS: '500',
    // Look for the assisted reply the person posted every 2 s rather than every 30 s.
    RIPOSTE_X_DETECT_INTERVAL_MS: '2000',
  },
  // The curated accounts post only what this test makes them post: each run answers the freshest
  // post of its target, and a simulated post landing between the test's post and the due minute
  // would be fresher.
  { simulatedPosts: false });

  let ai: AiEmulator | null = null;
  afterAll(async () => {
    await ai?.close();
  });

  it('turns due schedules into replies the person sends, marks, skips or sees sent, and lists them in history', async () => {
    const { emulator, server, browser } = suite;
    // An AI provider that is down, with the offline writer as its fallback (set by the admin).
    ai = await startAiEmulator({ apiKey: 'sk-replies' });
    ai.inject({ kind: 'status', status: 503 }, 1_000);
    const adminTab = await openTab(browser, server.url);
    await signInAdmin(adminTab.page);
    const provider = { baseUrl: ai.baseUrl, model: EMULATOR_MODEL, apiKey: 'sk-replies', fallback: 'offline', userDailyLimit: null, installationMonthlyLimit: null };
    expect((await adminTab.page.request.put('/api/admin/ai-provider', { headers: CSRF, data: provider })).status()).toBe(200);
    await adminTab.context.close();
    const tab = await openTab(browser, server.url);
    const { page, context } = tab;
    // The page's timers on a clock the test moves: it flows as the real one until moved.
    await context.clock.install();
    await register(page, newUser('replies'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, POSTER);
    const { accounts } = await json<{ accounts: { id: string; username: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const from = accounts.find((a) => a.username === POSTER);
    expect(from).toBeDefined();
    const targets = await json<Target[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    expect(targets.length).toBeGreaterThanOrEqual(4);
    const [opened, marked, skipped, direct] = targets as [Target, Target, Target, Target];

    // Fresh posts to answer; only the last one mentions the account, so X lets the API reply to it.
    const posts = {
      opened: emulator.control.post(opened.username, 'What are you reading this week?'),
      marked: emulator.control.post(marked.username, 'Ship it on a Friday?'),
      skipped: emulator.control.post(skipped.username, 'Tabs or spaces, final answer.'),
      direct: emulator.control.post(direct.username, `Curious what @${POSTER} thinks about this`),
    };
    const at = dueSoon(server.clock.now());
    await scheduleReply(page, opened, from!.id, 'The Beginning of Infinity, again', at);
    await scheduleReply(page, marked, from!.id, 'Only with a rollback plan', at, true);
    await scheduleReply(page, skipped, from!.id, 'Whatever the formatter says', at);
    await scheduleReply(page, direct, from!.id, 'Thanks for asking, here is my take', at);

    // Nothing is due yet: the queue says so.
    await page.goto('/ready-to-send');
    await page.getByTestId('ready-empty').waitFor();

    // The minute comes: three replies wait for the person (by the server), then the page's next
    // refresh shows them, oldest first; the sidebar counts them.
    server.clock.moveTo(Date.parse(at) + 1_000);
    const ready = async () => (await json<{ items: Reply[] }>(await page.request.get('/api/replies/ready', { headers: CSRF }))).items;
    await expect.poll(async () => (await ready()).length, WAIT).toBe(3);
    await page.clock.fastForward(QUEUE_REFRESH_MS);
    const queue = page.getByTestId('ready-queue').getByTestId('ready-reply');
    await expect.poll(() => queue.count(), WAIT).toBe(3);
    const sidebar = page.getByTestId('desktop-sidebar');
    await sidebar.getByRole('link', { name: 'Ready to send (3 waiting)' }).waitFor();
    const card = (t: Target) => queue.filter({ hasText: `@${t.username}` });
    await card(opened).getByTestId('reply-text').getByText('The Beginning of Infinity, again').waitFor();
    await card(opened).getByTestId('reply-post-excerpt').getByText('What are you reading this week?').waitFor();
    await card(opened).getByTestId('reply-expiry').getByText(/^Expires in /).waitFor();
    await snap(page, 'ready-to-send-1280');
    await expectFitsPhone(browser, server.url, context, '/ready-to-send', (p) => p.getByTestId('ready-reply').first().waitFor(), 'ready-to-send-375');

    // Open in X: X's composer, pre-filled, in a new tab; the person signs in there and posts.
    const [composer] = await Promise.all([context.waitForEvent('page'), card(opened).getByRole('link', { name: 'Open in X' }).click()]);
    // Authorizing Riposte on X earlier signed the person in there; otherwise X asks first.
    await composer.getByLabel('Your reply').or(composer.getByLabel('Username')).first().waitFor();
    if (await composer.getByLabel('Username').isVisible()) {
      await composer.getByLabel('Username').fill(POSTER);
      await composer.getByRole('button', { name: 'Sign in' }).click();
    }
    await composer.locator('#signed-in-as').getByText(`@${POSTER}`).waitFor();
    expect(await composer.getByLabel('Your reply').inputValue()).toBe('The Beginning of Infinity, again');
    await composer.getByRole('button', { name: 'Post' }).click();
    await composer.getByRole('heading', { name: 'Your post was sent.' }).waitFor();
    await composer.close();
    const posted = emulator.control.postsBy(POSTER).find((p) => p.replyToId === posts.opened.id);
    expect(posted).toBeDefined();

    // The AI template's reply says the offline writer wrote it, and why.
    await card(marked).getByTestId('reply-ai-fallback').getByText(/^Written offline: the AI provider failed \(The AI service is unavailable/).waitFor();
    expect(await card(opened).getByTestId('reply-ai-fallback').count()).toBe(0);

    // Mark as sent and Skip: each card shows what the server answered and then leaves the queue.
    await card(marked).getByRole('button', { name: 'Mark as sent' }).click();
    await expect.poll(() => card(marked).count(), WAIT).toBe(0);
    await card(skipped).getByRole('button', { name: 'Skip' }).click();
    await expect.poll(() => card(skipped).count(), WAIT).toBe(0);

    // Riposte finds the reply posted from X's composer (by the server), and at its next refresh the
    // queue on the page empties.
    await expect.poll(async () => (await ready()).length, WAIT).toBe(0);
    await page.clock.fastForward(QUEUE_REFRESH_MS);
    await page.getByTestId('ready-empty').waitFor({ timeout: WAIT.timeout });
    await expect.poll(() => sidebar.getByTestId('nav-count').count(), WAIT).toBe(0);

    // The summoned post was answered through the API: one reply on X, none for the skipped post.
    const mine = emulator.control.postsBy(POSTER);
    expect(mine.filter((p) => p.replyToId === posts.direct.id)).toHaveLength(1);
    expect(mine.filter((p) => p.replyToId === posts.skipped.id)).toHaveLength(0);
    expect(mine.filter((p) => p.replyToId === posts.opened.id)).toHaveLength(1);

    const byTarget = Object.fromEntries((await history(page)).items.map((r) => [r.targetUsername, r]));
    expect(byTarget[opened.username]).toMatchObject({ status: 'sent', replyPostId: posted!.id });
    expect(byTarget[marked.username]).toMatchObject({ status: 'sent' });
    expect(byTarget[skipped.username]).toMatchObject({ status: 'skipped' });
    expect(byTarget[direct.username]).toMatchObject({ status: 'sent' });

    // Reply History: badges, reasons and the link to the reply on X (this server talks to X, not the sandbox).
    await page.goto('/reply-history');
    const rows = page.getByTestId('reply-row');
    await expect.poll(() => rows.count(), WAIT).toBe(4);
    const row = (t: Target) => rows.filter({ hasText: `@${t.username}` });
    await row(opened).getByTestId('reply-status').getByText('Sent').waitFor();
    expect(await row(opened).getByRole('link', { name: 'View on X' }).getAttribute('href')).toBe(`${emulator.url}/${POSTER}/status/${posted!.id}`);
    await row(skipped).getByTestId('reply-status').getByText('Skipped').waitFor();
    await row(marked).getByTestId('reply-ai-fallback').getByText(/^Written offline: the AI provider failed/).waitFor();
    await row(skipped).getByTestId('reply-reason').waitFor();
    await row(direct).getByTestId('reply-status').getByText('Sent').waitFor();
    await row(direct).getByTestId('reply-post-excerpt').getByText(`Curious what @${POSTER} thinks about this`).waitFor();
    expect(await row(direct).getByRole('link', { name: 'Target post' }).getAttribute('href')).toContain(posts.direct.id);
    await page.getByTestId('history-range').getByText('Showing 1–4 of 4').waitFor();
    await snap(page, 'reply-history-1280');

    // Search: what matches, and the spec's words when nothing does.
    await page.getByRole('searchbox', { name: 'Search replies' }).fill('rollback');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await row(marked).waitFor();
    await page.getByRole('searchbox', { name: 'Search replies' }).fill('no reply says this');
    await page.getByTestId('history-empty').getByText('No replies match your search criteria').waitFor();
    await page.getByRole('searchbox', { name: 'Search replies' }).fill('');
    await expect.poll(() => rows.count(), WAIT).toBe(4);

    // /history is the same screen; both fit a phone.
    await page.goto('/history');
    await expect.poll(() => rows.count(), WAIT).toBe(4);
    await expectFitsPhone(browser, server.url, context, '/reply-history', (p) => p.getByTestId('reply-row').first().waitFor(), 'reply-history-375');

    // The schedule's own page shows its reply with the same badge.
    const schedules = await json<{ id: string; targetUsername: string | null }[]>(await page.request.get('/api/schedules', { headers: CSRF }));
    const skippedSchedule = schedules.find((s) => s.targetUsername === skipped.username);
    await page.goto(`/schedule-replies/${skippedSchedule!.id}`);
    await page.getByTestId('schedule-reply').getByTestId('reply-status').getByText('Skipped').waitFor();
    await closeCleanTab(tab);
  }, 360_000);

  it('pages through a long history: 10, 25, 50 or 100 a page, a new search back on page 1', async () => {
    const { emulator, server, browser } = suite;
    const tab = await openTab(browser, server.url);
    const { page } = tab;
    await signInAdmin(page);
    await page.goto('/reply-history');
    await page.getByTestId('history-empty').getByText('No replies match your search criteria').waitFor();
    await page.getByTestId('page-number').getByText('Page 1 of 1').waitFor();
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);

    // Twelve direct replies (the admin's test tool) to posts that mention the account.
    await connectX(page, 'pager');
    const { accounts } = await json<{ accounts: { id: string; username: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const from = accounts.find((a) => a.username === 'pager')!;
    const [target] = await json<Target[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    for (let i = 1; i <= 12; i += 1) {
      const post = emulator.control.post(target!.username, `Question ${i} for @pager`);
      await json(
        await page.request.post('/api/admin/execute-direct-reply', {
          headers: CSRF,
          data: { accountId: target!.id, connectedAccountId: from.id, postId: post.id, content: `Paged reply number ${i}`, useAi: false },
        }),
      );
    }
    expect((await history(page)).total).toBe(12);

    await page.reload();
    const rows = page.getByTestId('reply-row');
    await expect.poll(() => rows.count(), WAIT).toBe(12);
    await page.getByRole('combobox', { name: 'Replies per page' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(10);
    await page.getByTestId('page-number').getByText('Page 1 of 2').waitFor();
    // Newest first: the twelfth reply heads page 1, the first ends page 2.
    await rows.first().getByText('Paged reply number 12').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByTestId('page-number').getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await rows.last().getByText('Paged reply number 1').waitFor();
    await page.getByTestId('history-range').getByText('Showing 11–12 of 12').waitFor();

    // A new search starts again on page 1.
    await page.getByRole('searchbox', { name: 'Search replies' }).fill('number 7');
    await page.getByTestId('page-number').getByText('Page 1 of 1').waitFor();
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await rows.first().getByText('Paged reply number 7').waitFor();
    await closeCleanTab(tab);
  }, 120_000);
});
