// Direct delivery in a real browser with X's summon rule switched off on Sandbox X's own page:
// the person turns the rule off in the emulator's web page (as one would try it in the sandbox),
// a schedule under a post that does not mention the account comes due, and the reply goes through
// the API (RIPOSTE_X_DELIVERY=direct), is sent once and shows as Sent in Reply History with its
// link to the reply on X. With the rule on, the same send falls back to assisted delivery: that
// is covered over HTTP (tests/api/dispatch-faults.int.test.ts).
// Every wait is for a state on a page or in the emulator, never for a toast or a moment; the due
// minute comes when the test moves the server's clock.
import { describe, expect, it } from 'vitest';
import { connectX, CSRF, json } from './support/api';
import { xEmulatorSuite } from './support/suite';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { newUser, register, waitForPath } from './support/flows';

const skip = chromiumMissing();
if (skip) console.warn(skip);

const POSTER = 'direct_poster';
/** A one-time schedule must be ahead of now; the next whole minute at least this far. */
const AHEAD_MS = 45_000;
/** The scheduler's run (every 500 ms) and the send through the emulator, on a loaded machine. */
const WAIT = { timeout: 30_000, interval: 250 };

type Target = { id: string; username: string };
type Reply = { id: string; status: string; targetUsername: string | null; replyPostId: string | null; mode: string | null };

const dueSoon = (now: number): string => {
  const at = new Date(now + AHEAD_MS);
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(at.getUTCMinutes() + 1);
  return at.toISOString();
};

describe.skipIf(skip !== null)('Direct delivery with the summon rule off (switched on Sandbox X)', () => {
  const suite = xEmulatorSuite({
    RIPOSTE_X_DELIVERY: 'direct',
    RIPOSTE_SCHEDULER: 'embedded',
    RIPOSTE_SCHEDULER_INTERVAL_MS: '500',
  },
  // The target posts only what this test makes it post, so the due run's freshest post is the test's.
  { simulatedPosts: false });

  it('posts through the API a reply to a post that did not mention the account, once, and lists it as Sent', async () => {
    const { emulator, server, browser } = suite;
    const tab = await openTab(browser, server.url);
    const { page, context } = tab;

    // Sandbox X's home page: the rule is on as on X since 2026; the person turns it off.
    const x = await context.newPage();
    await x.goto(`${emulator.url}/`);
    const rule = x.locator('#summon-rule');
    await rule.getByText('Summoned replies only: on').waitFor();
    await x.locator('#toggle-summon-rule').click();
    await rule.getByText('Summoned replies only: off').waitFor();
    expect(emulator.control.summonRule()).toBe(false);
    await x.close();

    await register(page, newUser('direct'));
    await waitForPath(page, '/schedule-replies');
    await connectX(page, POSTER);
    const { accounts } = await json<{ accounts: { id: string; username: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const from = accounts.find((a) => a.username === POSTER);
    expect(from).toBeDefined();
    const [target] = await json<Target[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    expect(target).toBeDefined();

    // The author mentions nobody: with the rule on, X would refuse an API reply to this post.
    const post = emulator.control.post(target!.username, 'Shipping beats polishing, most weeks.');
    const template = await json<{ id: string }>(await page.request.post('/api/templates', { headers: CSRF, data: { name: 'Direct', content: 'Agreed, and small batches help' } }));
    const at = dueSoon(server.clock.now());
    await json(
      await page.request.post('/api/schedules', {
        headers: CSRF,
        data: { accountId: target!.id, connectedAccountId: from!.id, templateId: template.id, templateGroupId: null, scheduleType: 'scheduled', isRecurring: false, scheduledTime: at },
      }),
    );

    // Nothing goes out before its minute; then the minute comes and the run is sent (the server's
    // answer, polled as the page would refresh).
    const replies = async () => (await json<{ items: Reply[] }>(await page.request.get('/api/replies?page=1&limit=25', { headers: CSRF }))).items;
    server.clock.moveTo(Date.parse(at) + 1_000);
    await expect.poll(async () => (await replies()).map((r) => r.status), WAIT).toEqual(['sent']);
    const items = await replies();

    // Reply History shows it Sent, with the link to the reply on X.
    await page.goto('/reply-history');
    const row = page.getByTestId('reply-row').filter({ hasText: `@${target!.username}` });
    await row.getByTestId('reply-status').getByText('Sent').waitFor();
    expect(items[0]).toMatchObject({ status: 'sent', mode: 'direct', targetUsername: target!.username });
    expect(await row.getByRole('link', { name: 'View on X' }).getAttribute('href')).toBe(`${emulator.url}/${POSTER}/status/${items[0]!.replyPostId}`);

    // Once on X, under that post; nothing waits in the ready queue.
    const onX = emulator.control.postsBy(POSTER).filter((p) => p.replyToId === post.id);
    expect(onX).toEqual([expect.objectContaining({ id: items[0]!.replyPostId, text: 'Agreed, and small batches help' })]);
    await page.goto('/ready-to-send');
    await page.getByTestId('ready-empty').waitFor();
    await closeCleanTab(tab);
  }, 300_000);
});
