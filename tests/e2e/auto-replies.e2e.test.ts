// Auto replies from every composer in a real browser, against the real server, its embedded
// scheduler (short heartbeat) and an X emulator this test controls: Classic, V2, Bulk and the
// calendar's compose panel each make an auto schedule ("Auto: when @x posts") on their own target,
// each shows how soon it fires (the watcher's rule for the tier and period now), and each fires
// once when its target posts. The watcher's reads and the due runs come when the test moves the
// server's clock past the interval, never by waiting on wall time. An account an admin paused is
// said to be paused on the composer and the server refuses the schedule: it is never answered.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { connectX, CSRF, json, schedulesOf, signInAdmin } from './support/api';
import { xEmulatorSuite } from './support/suite';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { chooseOption, newUser, pickTarget, register, waitForPath } from './support/flows';

const WAIT = { timeout: 30_000, interval: 250 };
const skip = chromiumMissing();
if (skip) console.warn(skip);

const USER = 'autoreplies1';
const POSTER = 'auto_poster';
/** Longer than any standard-tier interval (overnight: 30 minutes). */
const PAST_INTERVAL = 31 * 60_000;

type Target = { id: string; username: string };
type Schedule = { id: string; targetUsername: string | null; scheduleType: string; delayMinutes: number };
type Reply = { scheduledId: string | null; status: string; postId: string | null };

/**
 * A composer that is one form: pick the target, write the text, switch "Auto: when @x posts" on,
 * read its estimate, schedule.
 */
const oneForm =
  (scope: (page: Page) => Locator, targetLabel: string, content: (form: Locator) => Locator, estimateId: string) =>
  async (page: Page, target: Target, text: string): Promise<Locator> => {
    const form = scope(page);
    await pickTarget(page, targetLabel, target.username, form);
    await content(form).fill(text);
    await form.getByRole('switch', { name: /^Auto: when @/ }).click();
    const estimate = form.getByTestId(estimateId);
    await estimate.getByText(/^Fires within ~\d+ min of @/).waitFor();
    await form.getByRole('button', { name: 'Schedule Reply' }).click();
    return estimate;
  };

/** Each composer: where it is, and how it makes an auto reply to `target` saying `text`. */
const COMPOSERS: { name: string; path: string; make: (page: Page, target: Target, text: string) => Promise<Locator> }[] = [
  {
    name: 'Classic',
    path: '/schedule-replies',
    make: oneForm((p) => p.getByRole('form', { name: 'Schedule a Reply' }), 'Target Account', (f) => f.getByLabel('Reply Content'), 'classic-auto-estimate'),
  },
  {
    name: 'V2',
    path: '/schedule-replies-v2',
    make: oneForm((p) => p.getByRole('form', { name: 'New AI Reply' }), 'Target Account', (f) => f.getByLabel('Content', { exact: true }), 'v2-auto-estimate'),
  },
  {
    name: 'Bulk',
    path: '/bulk-replies',
    make: async (page, target, text) => {
      await page.getByTestId('bulk-global-auto').getByRole('switch').click();
      await page.getByRole('button', { name: 'Add Reply' }).click();
      await chooseOption(page, page.getByRole('combobox', { name: 'Target account, reply 1' }), `@${target.username}`, { exact: true });
      await page.getByRole('textbox', { name: 'Reply text, reply 1' }).fill(text);
      const estimate = page.getByTestId('bulk-auto-estimate-1');
      await estimate.getByText(new RegExp(`^Fires within ~\\d+ min of @${target.username}`)).waitFor();
      await page.getByRole('button', { name: 'Schedule All Replies' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Schedule All' }).click();
      return estimate;
    },
  },
  {
    name: 'Calendar',
    path: '/calendar-mockup',
    make: oneForm((p) => p.getByTestId('compose-panel'), 'Reply to', (f) => f.getByLabel('Reply', { exact: true }), 'compose-auto-estimate'),
  },
];

describe.skipIf(skip !== null)('Auto replies from every composer', () => {
  const suite = xEmulatorSuite(
    { RIPOSTE_SCHEDULER: 'embedded', RIPOSTE_SCHEDULER_INTERVAL_MS: '200', RIPOSTE_LEGACY_USERNAMES: USER, RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '' },
    // Only the posts this test makes: an auto reply answers every new post of its target.
    { simulatedPosts: false },
  );

  it('each composer makes an auto reply with its estimate, each fires once when its target posts; a paused account is refused', async () => {
    const { emulator, server, browser } = suite;
    const tab = await openTab(browser, server.url);
    const { page } = tab;
    await register(page, { ...newUser('autoreplies'), username: USER, email: `${USER}@example.com` });
    await waitForPath(page, '/schedule-replies');
    await connectX(page, POSTER);
    const targets = await json<Target[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    expect(targets.length).toBeGreaterThanOrEqual(COMPOSERS.length + 1);

    const made: { composer: string; target: Target; schedule: Schedule }[] = [];
    for (const [i, composer] of COMPOSERS.entries()) {
      const target = targets[i]!;
      await page.goto(composer.path);
      await composer.make(page, target, `${composer.name} says well put`);
      const schedule = await expect
        .poll(async () => (await schedulesOf<Schedule>(page)).find((s) => s.targetUsername === target.username), WAIT)
        .toBeDefined()
        .then(async () => (await schedulesOf<Schedule>(page)).find((s) => s.targetUsername === target.username)!);
      expect([composer.name, schedule.scheduleType, schedule.delayMinutes]).toEqual([composer.name, 'auto', 0]);
      made.push({ composer: composer.name, target, schedule });
    }

    // The watcher reads each target once (its cursor); then each target posts, mentioning the
    // poster (X lets the API reply there), and the clock passes the interval.
    const activity = async () => json<{ accountId: string; lastCheckedAt: string | null }[]>(await page.request.get('/api/accounts/activity', { headers: CSRF }));
    await expect.poll(async () => (await activity()).filter((a) => made.some((m) => m.target.id === a.accountId) && a.lastCheckedAt !== null).length, WAIT).toBe(made.length);
    const posts = new Map(made.map((m) => [m.schedule.id, emulator.control.post(m.target.username, `@${POSTER} what do you make of this, ${m.composer}?`)]));
    server.clock.moveTo(server.clock.now() + PAST_INTERVAL);
    const replies = async () => (await json<{ items: Reply[] }>(await page.request.get('/api/replies?page=1&limit=25', { headers: CSRF }))).items;
    await expect.poll(async () => (await replies()).filter((r) => r.status === 'sent').length, WAIT).toBe(made.length);
    for (const m of made) {
      const sent = (await replies()).filter((r) => r.scheduledId === m.schedule.id);
      expect([m.composer, sent.map((r) => r.postId)]).toEqual([m.composer, [posts.get(m.schedule.id)!.id]]);
    }
    // Another interval with nothing new: still one reply each on X.
    server.clock.moveTo(server.clock.now() + PAST_INTERVAL);
    const onX = () => emulator.control.postsBy(POSTER).filter((p) => !p.deleted && p.replyToId !== undefined);
    await expect.poll(async () => (await replies()).length, WAIT).toBe(made.length);
    expect(onX().map((p) => p.replyToId).sort()).toEqual([...posts.values()].map((p) => p.id).sort());

    // An account an admin paused: the composer says so before sending, and the server refuses it.
    const paused = targets[COMPOSERS.length]!;
    const adminTab = await openTab(browser, server.url);
    await signInAdmin(adminTab.page);
    const pause = await adminTab.page.request.put(`/api/accounts/${paused.id}`, { headers: CSRF, data: { shouldMonitor: false } });
    expect(pause.status()).toBe(200);
    await closeCleanTab(adminTab);
    await page.goto('/schedule-replies');
    const form = page.getByRole('form', { name: 'Schedule a Reply' });
    await pickTarget(page, 'Target Account', paused.username, form);
    await form.getByLabel('Reply Content').fill('Nobody should see this');
    await form.getByRole('switch', { name: /^Auto: when @/ }).click();
    await form.getByTestId('classic-auto-estimate').getByText(`@${paused.username} is paused by the admin: auto replies will not fire`).waitFor();
    const before = (await schedulesOf(page)).length;
    await form.getByRole('button', { name: 'Schedule Reply' }).click();
    await form.getByText(`@${paused.username} is paused by the admin: auto replies will not fire`, { exact: true }).nth(1).waitFor();
    expect((await schedulesOf(page)).length).toBe(before);
    emulator.control.post(paused.username, `@${POSTER} anyone there?`);
    const movedTo = server.clock.now() + PAST_INTERVAL;
    server.clock.moveTo(movedTo);
    // A read of another target after the move shows the watcher and the dispatch ran meanwhile.
    await expect.poll(async () => Date.parse((await activity()).find((a) => a.accountId === targets[0]!.id)?.lastCheckedAt ?? '') >= movedTo, WAIT).toBe(true);
    expect(onX()).toHaveLength(made.length);
    expect(await replies()).toHaveLength(made.length);
    await closeCleanTab(tab);
  }, 180_000);
});
