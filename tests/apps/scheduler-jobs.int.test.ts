// `npm run scheduler` runs the jobs the embedded scheduler runs besides dispatch: the failed-reply
// mail (into the server's mail sink, read on the admin's Mailbox) and billing:renew (the saved
// PayPal wallet charged through the PayPal emulator the server uses, RIPOSTE_PAYPAL_API_URL).
// The server's clock runs 5 minutes behind the real one, so a schedule it accepts a few minutes
// ahead is already due for the scheduler process, which keeps the real clock.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodEnd } from '@core/billing/period';
import { startPayPalEmulator, type PayPalEmulator } from '@adapters/paypal-emulator';
import { SANDBOX_APP } from '@adapters/x-emulator/server';
import { startDispatchWorld, type DispatchWorld } from '../api/dispatch.support';
import { eventually, expireTrial } from '../api/schedules.support';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HOUR_MS = 3_600_000;

/**
 * How far PayPal's clock goes back for a first payment whose monthly period ends 1 to 23 hours
 * from now (inside the renewal's one-day lead, by the scheduler's real clock). A period is a
 * calendar month, so the offset is found with the product's own rule rather than a fixed 31 days:
 * a 31-day offset ends the period a day early after a 30-day month, already past, and the renewal
 * never came. Null on the rare hours (29 and 30 March, the last hours before the 1st after a short
 * month) when no monthly period can end within a day.
 */
const offsetEndingSoon = (now: number): number | null => {
  for (let back = 32 * 24; back >= 27 * 24; back -= 1) {
    const anchor = now - back * HOUR_MS;
    const end = Date.parse(periodEnd(new Date(anchor).toISOString(), 1));
    if (end - now >= HOUR_MS && end - now <= 23 * HOUR_MS) return anchor - now;
  }
  return null;
};

let world: DispatchWorld;
let paypal: PayPalEmulator;
// PayPal's clock, moved back for the first payment so that its period ends within a day.
let paypalOffsetMs = 0;

beforeAll(async () => {
  paypal = await startPayPalEmulator({ clock: () => Date.now() + paypalOffsetMs });
  world = await startDispatchWorld({ RIPOSTE_SCHEDULER: 'external', RIPOSTE_PAYPAL_API_URL: paypal.url }, { sharedClock: true, startOffsetMs: -5 * 60_000 });
  paypal.control.setWebhookUrl(`${world.server.url}/paypal/webhook`);
});
afterAll(async () => {
  await world?.close();
  await paypal?.close();
});

const startScheduler = (env: Record<string, string>) => {
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/scheduler/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RIPOSTE_DATA_DIR: world.server.dataDir,
      RIPOSTE_SQLITE_SYNCHRONOUS: 'NORMAL',
      RIPOSTE_SCHEDULER_INTERVAL_MS: '100',
      RIPOSTE_X_API_KEY: SANDBOX_APP.consumerKey,
      RIPOSTE_X_API_SECRET: SANDBOX_APP.consumerSecret,
      RIPOSTE_X_API_URL: world.emulator.url,
      RIPOSTE_PUBLIC_URL: 'https://riposte.example',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    output,
    /** Starting takes a while on a busy machine (tsx compiles the app first). */
    running: () => eventually(async () => output.stdout, (out) => out.includes('Riposte scheduler is running'), `the scheduler started (stderr: ${output.stderr})`, 60_000),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
};

type Mail = { to: string; kind: string; subject: string; text: string };
const mailbox = async () => ((await world.admin.get('/api/admin/mailbox')).body as { messages: Mail[] }).messages;

describe('the scheduler app runs the mail and billing jobs', () => {
  it('mails a failed reply and renews a subscription whose period ends within a day', async (ctx) => {
    const offset = offsetEndingSoon(Date.now());
    ctx.skip(offset === null, 'no monthly period ends within a day of this hour (month-end clamping)');
    // A trial user whose 7 days are over: the run of the schedule is refused (rejected).
    const dave = await world.userWithX();
    const target = await world.newTarget();
    world.emulator.control.post(target.username, `Hey @${dave.handle}`);
    const due = await world.scheduleDueNow(dave.client, target.id, dave.connectedAccountId, 'dave reply the scheduler refuses');
    expect(due.at).toBeLessThan(Date.now());
    await expireTrial(world.server, dave.user.id);

    // A Premium user who paid a month ago (by PayPal's clock): the period ends within a day.
    const { client: bea } = await world.server.newUser();
    paypalOffsetMs = offset!;
    const created = await bea.post('/paypal/order', { amount: '20.00', currency: 'USD', intent: 'CAPTURE' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderId = (created.body as { id: string }).id;
    paypal.control.approve(orderId);
    const captured = await bea.post(`/paypal/order/${orderId}/capture`, {});
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    const firstEnd = (captured.body as { subscriptionEndDate: string }).subscriptionEndDate;
    expect(Date.parse(firstEnd) - Date.now()).toBeLessThan(86_400_000);
    expect(Date.parse(firstEnd)).toBeGreaterThan(Date.now());
    paypalOffsetMs = 0;
    const vaultId = paypal.control.order(orderId)?.vaultId;
    expect(vaultId).toBeTruthy();

    const scheduler = startScheduler({ RIPOSTE_PAYPAL_API_URL: paypal.url });
    try {
      await scheduler.running();
      const reply = await world.replyOfSchedule(dave.client, due.scheduleId, (r) => r.status === 'rejected');
      expect(reply.status).toBe('rejected');
      const daveEmail = `${dave.user.username}@example.com`;
      const mails = await eventually(mailbox, (all) => all.some((m) => m.to === daveEmail && m.kind === 'failed_reply'), `the failed-reply e-mail (scheduler: ${scheduler.output.stderr})`, 25_000);
      const daves = mails.filter((m) => m.to === daveEmail && m.kind === 'failed_reply');
      expect(daves).toHaveLength(1);
      expect(daves[0]?.text).toContain('dave reply the scheduler refuses');
      expect(daves[0]?.text).toContain('https://riposte.example/reply-history');

      // The wallet saved by the first payment is charged once more, and the period moves a month on.
      const renewal = await eventually(
        async () => paypal.control.orders().find((o) => o.vaultId === vaultId && o.id !== orderId && o.status === 'COMPLETED'),
        (o) => o !== undefined,
        `the renewal charge (scheduler: ${scheduler.output.stderr})`,
        15_000,
      );
      expect(renewal?.amount).toBe('20.00');
      const billing = await eventually(
        async () => (await bea.get('/api/billing')).body as { subscription: { periodEnd: string } | null; payments: { purpose: string; status: string }[] },
        (b) => b.payments.some((p) => p.purpose === 'renewal' && p.status === 'paid'),
        'the renewal recorded',
      );
      expect(Date.parse(billing.subscription?.periodEnd ?? '')).toBeGreaterThan(Date.parse(firstEnd));
      expect(paypal.control.orders().filter((o) => o.vaultId === vaultId && o.id !== orderId)).toHaveLength(1);
    } finally {
      const code = await scheduler.stop();
      expect(code, `scheduler stdout: ${scheduler.output.stdout}\nstderr: ${scheduler.output.stderr}`).toBe(0);
    }
  }, 150_000);

  it('without PayPal credentials or RIPOSTE_PAYPAL_API_URL it runs without billing:renew and says so', async () => {
    const scheduler = startScheduler({});
    try {
      await scheduler.running();
      const said = await eventually(async () => scheduler.output.stdout, (out) => out.includes('billing:renew is not run'), 'the line about billing:renew');
      expect(said).toContain('billing:renew is not run: no PayPal credentials and no RIPOSTE_PAYPAL_API_URL');
    } finally {
      const code = await scheduler.stop();
      expect(code, `scheduler stdout: ${scheduler.output.stdout}\nstderr: ${scheduler.output.stderr}`).toBe(0);
    }
  }, 90_000);
});
