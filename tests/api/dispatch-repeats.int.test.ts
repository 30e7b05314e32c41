/**
 * Never the same text twice where X refuses it, over real HTTP against the X emulator with X's
 * duplicate rule on (a week): a recurring fixed text goes out once and its next runs are skipped
 * with the reason; variations ({Great|Sharp} point) go out one per run; a template group moves on
 * to its next template, and after a lap its texts wait too. X is never asked to post a repeat: the
 * emulator's count of duplicate refusals stays where it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import { eventually } from './schedules.support';
import type { Client } from './support';

let w: DispatchWorld;
const DAY = 86_400_000;

beforeAll(async () => {
  w = await startDispatchWorld({ RIPOSTE_X_DELIVERY: 'direct' }, { sharedClock: true });
});
afterAll(async () => {
  await w?.close();
});

/** A daily schedule of `content` at the next whole hour (UTC) from the server's clock. */
const daily = async (client: Client, targetId: string, connectedAccountId: string, content: { templateId: string } | { templateGroupId: string }) => {
  const hour = new Date(w.serverNow() + 3_600_000).getUTCHours();
  const res = await client.post('/api/schedules', { accountId: targetId, connectedAccountId, ...content, isRecurring: true, recurringType: 'daily', recurringHour: hour, recurringMinute: 0, timezone: 'UTC' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
};

const template = async (client: Client, content: string) => {
  const res = await client.post('/api/templates', { name: `T ${Math.random().toString(36).slice(2, 8)}`, content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: string }).id;
};

const nextRunOf = async (client: Client, scheduleId: string): Promise<number> => {
  const res = await client.get(`/api/schedules/${scheduleId}`);
  expect(res.status).toBe(200);
  return Date.parse((res.body as { nextRunTime: string }).nextRunTime);
};

const ended = (r: ReplyView) => ['sent', 'skipped', 'failed', 'duplicate', 'rejected'].includes(r.status);

/**
 * Makes `runs` daily runs of the schedule: before each, the target posts (summoning the account,
 * so a direct reply is allowed), then the clock moves past the run; answers the runs in order.
 */
const runDays = async (u: { client: Client; handle: string }, target: { username: string }, scheduleId: string, runs: number): Promise<ReplyView[]> => {
  const out: ReplyView[] = [];
  const ofSchedule = async () => (await w.repliesOf(u.client, '?limit=100')).items.filter((r) => r.scheduledId === scheduleId);
  const before = new Set((await ofSchedule()).map((r) => r.id));
  for (let k = 0; k < runs; k += 1) {
    const at = await nextRunOf(u.client, scheduleId);
    w.moveClockTo(at - 60_000);
    w.emulator.control.post(target.username, `Day ${k} question for @${u.handle} ${Math.random().toString(36).slice(2, 6)}`);
    w.moveClockTo(at + 1_000);
    const slot = new Date(at).toISOString();
    const run = await eventually(
      async () => (await ofSchedule()).find((r) => !before.has(r.id) && Date.parse((r as ReplyView & { slot: string }).slot) === at),
      (r) => r !== undefined && ended(r),
      `the run at ${slot} of ${scheduleId}`,
      20_000,
    );
    out.push(run as ReplyView);
  }
  return out;
};

describe('never the same text twice where X refuses it', () => {
  it('a recurring fixed text: sent once, then skipped with the reason; variations go out one per run; X refuses nothing', async () => {
    const refusedBefore = w.emulator.control.duplicateRule().refused;
    const u = await w.userWithX();
    const target = await w.newTarget();
    const fixed = await daily(u.client, target.id, u.connectedAccountId, { templateId: await template(u.client, 'Exactly my point') });
    const runs = await runDays(u, target, fixed, 2);
    expect(runs.map((r) => r.status)).toEqual(['sent', 'skipped']);
    expect(runs[1]?.reason).toMatch(/^This X account posted the same text in the last 8 days/);

    const target2 = await w.newTarget();
    const varied = await daily(u.client, target2.id, u.connectedAccountId, { templateId: await template(u.client, '{Great|Sharp} point, well made') });
    const vruns = await runDays(u, target2, varied, 3);
    expect(vruns.map((r) => [r.status, r.content])).toEqual([
      ['sent', 'Great point, well made'],
      ['sent', 'Sharp point, well made'],
      ['skipped', expect.any(String)],
    ]);
    expect(vruns[2]?.reason).toMatch(/^All 2 texts this run could make were posted recently/);
    expect(w.emulator.control.duplicateRule().refused).toBe(refusedBefore);
  }, 120_000);

  it('a template group: the next template after a lap is not sent again; the run is skipped before X is asked', async () => {
    const refusedBefore = w.emulator.control.duplicateRule().refused;
    const u = await w.userWithX();
    const target = await w.newTarget();
    const ids = [await template(u.client, 'First of the lap'), await template(u.client, 'Second of the lap')];
    const group = await u.client.post('/api/template-groups', { name: 'Lap' });
    expect(group.status, JSON.stringify(group.body)).toBe(201);
    const groupId = (group.body as { id: string }).id;
    expect((await u.client.put(`/api/template-groups/${groupId}/templates`, { templateIds: ids })).status).toBe(200);
    const scheduleId = await daily(u.client, target.id, u.connectedAccountId, { templateGroupId: groupId });
    const runs = await runDays(u, target, scheduleId, 3);
    expect(runs.map((r) => [r.status, r.status === 'sent' ? r.content : null]), JSON.stringify(runs.map((r) => r.reason))).toEqual([
      ['sent', 'First of the lap'],
      ['sent', 'Second of the lap'],
      ['skipped', null],
    ]);
    expect(w.emulator.control.duplicateRule().refused).toBe(refusedBefore);
    // Once X's window (and Riposte's day of margin) has passed, the lap starts again (the runs of
    // the days between are missed while the clock jumps, and skipped as such).
    w.moveClockTo(w.serverNow() + 7 * DAY);
    await eventually(() => nextRunOf(u.client, scheduleId), (at) => at > w.serverNow(), 'the schedule to move past the missed days', 20_000);
    const later = await runDays(u, target, scheduleId, 1);
    // Its text is the lap's first again; the 7-day trial has ended by then, so it is refused by
    // Riposte's trial rule (after the text was chosen), not by X.
    expect(later.map((r) => [r.status, r.content])).toEqual([[expect.stringMatching(/^(sent|rejected)$/), 'First of the lap']]);
    expect(w.emulator.control.duplicateRule().refused).toBe(refusedBefore);
  }, 120_000);
});
