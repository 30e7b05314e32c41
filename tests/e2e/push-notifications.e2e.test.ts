// Device notifications in a real browser (Settings → Notifications on this device): Chromium
// registers Riposte's service worker, the page subscribes and registers the device; a reply that
// becomes ready is pushed by the server through a local Web Push service (web-push-testing, which
// decrypts what it gets), handed to the service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage), and shown as a notification with the reply's text whose tap
// opens X's composer pre-filled with it. Chromium's own push service (FCM) is out of reach here,
// so the page's PushManager.subscribe answers with the local push service's subscription.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '@core/push';
import { startPushService, type PushService, type PushServiceSubscription } from '../support/push-service';
import { CSRF, connectX, json, signInAdmin } from './support/api';
import { chromiumMissing, closeCleanTab, openTab } from './support/browser';
import { expectToast } from './support/flows';
import { browserSuite } from './support/suite';

const skip = chromiumMissing();
if (skip) console.warn(skip);

let push: PushService;
// The scheduler runs (the ready reply and its push come from it); the push service's port is
// known once it runs, before the suite's server starts.
const env: Record<string, string> = { RIPOSTE_SCHEDULER: 'embedded', RIPOSTE_SCHEDULER_INTERVAL_MS: '200' };
beforeAll(async () => {
  push = await startPushService();
  env.RIPOSTE_PUSH_HOSTS = push.host;
});
afterAll(async () => push?.close());


describe.skipIf(skip !== null)('Ready replies in the creator’s hand', () => {
  const suite = browserSuite(env);

  it('subscribes this browser, and a ready reply arrives as a notification that opens X’s composer', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page, context } = tab;
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    await page.goto('/');
    await signInAdmin(page);
    await connectX(page, 'push_admin');
    const { publicKey } = await json<{ publicKey: string }>(await page.request.get('/api/push/key', { headers: CSRF }));
    const subscription: PushServiceSubscription = await push.subscribe(publicKey);
    // The browser's PushManager answers with the local push service's subscription.
    await context.addInitScript((sub) => {
      const json = { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys };
      const fake = { endpoint: sub.endpoint, toJSON: () => json, unsubscribe: async () => true };
      PushManager.prototype.subscribe = async () => fake as unknown as PushSubscription;
      PushManager.prototype.getSubscription = async () => null;
    }, { endpoint: subscription.endpoint, keys: subscription.keys });

    await page.goto('/settings');
    const section = page.getByTestId('settings-push');
    await section.getByRole('heading', { name: 'Notifications on this device' }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await section.getByRole('button', { name: 'Notify this device' }).click();
    await expectToast(page, 'Notifications on');
    await section.getByText('(this device)').waitFor();
    await section.getByRole('button', { name: 'Send a test notification' }).waitFor();

    // A reply that becomes ready: the Scheduler Test's schedule runs at once, and the sandbox X
    // lets a self-serve app reply only where it was mentioned, so it waits for the user's tap.
    const { accounts } = await json<{ accounts: { id: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const [target] = await json<{ id: string; username: string }[]>(await page.request.get('/api/user/accounts', { headers: CSRF }));
    const text = 'Sharp point, and the numbers back it up.';
    await json(await page.request.post('/api/admin/create-test-schedule', { headers: CSRF, data: { accountId: target!.id, connectedAccountId: accounts[0]!.id, content: text } }));
    const delivered = await expect
      .poll(() => push.messages<PushMessage>(subscription.clientHash).filter((m) => m.kind === 'ready'), { timeout: 30_000 })
      .toHaveLength(1)
      .then(() => push.messages<PushMessage>(subscription.clientHash).find((m) => m.kind === 'ready') as PushMessage);
    const ready = await json<{ items: { id: string; status: string; intentUrl: string | null }[] }>(await page.request.get('/api/replies/ready', { headers: CSRF }));
    const reply = ready.items.find((r) => r.id === delivered.replyId);
    expect(reply?.intentUrl).toBe(delivered.url);

    // The push reaches the service worker, which shows it.
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(suite.server.url));
        if (ours) resolve(ours.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(suite.server.url).origin, registrationId, data: JSON.stringify(delivered) });
    const shown = await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }))))
      .toHaveLength(1)
      .then(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }))));
    expect(shown[0]).toEqual({ title: `Ready to post: your reply to @${target!.username}`, body: text, url: reply?.intentUrl });

    // A tap opens that address: X's composer with the reply filled in.
    const composer = await context.newPage();
    await composer.goto(shown[0]!.url);
    await expect.poll(async () => (await composer.content()).includes(text)).toBe(true);
    await composer.close();
    await cdp.detach();
    await closeCleanTab(tab);
  });

  it('orders the queue by worth, opens the next one in X, and moves on when it is marked sent', async () => {
    const tab = await openTab(suite.browser, suite.server.url);
    const { page, context } = tab;
    await page.goto('/');
    await signInAdmin(page);
    await connectX(page, 'queue_admin');
    // What the test before left in the queue is skipped: this one starts from an empty queue.
    for (const r of (await json<{ items: { id: string }[] }>(await page.request.get('/api/replies/ready', { headers: CSRF }))).items)
      await json(await page.request.post(`/api/replies/${r.id}/skip`, { headers: CSRF, data: {} }));
    const { accounts } = await json<{ accounts: { id: string; username: string }[] }>(await page.request.get('/api/x/accounts', { headers: CSRF }));
    const mine = accounts.find((a) => a.username === 'queue_admin') ?? accounts[0]!;
    // Two curated targets of different reach (their tiers as the admins set them).
    const targets = await json<{ id: string; username: string; monitoringTier: string }[]>(await page.request.get('/api/accounts', { headers: CSRF }));
    const big = targets.find((t) => t.monitoringTier === 'high')!;
    const small = targets.find((t) => t.monitoringTier !== 'high')!;
    expect([big, small].every(Boolean)).toBe(true);
    // The low-reach one comes due first; the queue still puts the high-reach one on top.
    for (const [target, text] of [[small, 'First due, small reach.'], [big, 'Second due, wide reach.']] as const) {
      await json(await page.request.post('/api/admin/create-test-schedule', { headers: CSRF, data: { accountId: target.id, connectedAccountId: mine.id, content: text } }));
      await expect.poll(async () => (await json<{ items: { content: string }[] }>(await page.request.get('/api/replies/ready', { headers: CSRF }))).items.some((r) => r.content === text), { timeout: 30_000 }).toBe(true);
    }
    await page.goto('/ready-to-send');
    const queue = page.getByTestId('ready-queue');
    const texts = queue.getByTestId('reply-text');
    await expect.poll(async () => (await texts.allTextContents()).filter((t) => t.endsWith('reach.'))).toEqual(['Second due, wide reach.', 'First due, small reach.']);
    const next = page.getByTestId('next-in-x');
    await next.getByText(`@${big.username}`).waitFor();
    const href = await next.getByRole('link', { name: /Open next in/ }).getAttribute('href');
    expect(href).toContain(encodeURIComponent('Second due, wide reach.').slice(0, 20));
    await queue.getByText('post made', { exact: false }).first().waitFor();

    // N opens it in X; M marks it sent; the next one is on top.
    const popup = context.waitForEvent('page');
    await page.keyboard.press('n');
    const opened = await popup;
    expect(opened.url()).toBe(href);
    await opened.close();
    await page.keyboard.press('m');
    await expectToast(page, 'Marked as sent');
    await next.getByText(`@${small.username}`).waitFor();
    expect(await next.getByRole('link', { name: /Open next in/ }).getAttribute('href')).toContain(encodeURIComponent('First due, small reach.').slice(0, 20));
    await closeCleanTab(tab);
  });
});
