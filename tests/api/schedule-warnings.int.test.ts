/**
 * Schedules that repeat a text are told when they are made (core/scheduling/identical.ts): a
 * schedule made twice, a Bulk batch or a CSV file imported twice answer `warnings` naming the
 * schedule they repeat; texts with variations, AI texts and other accounts' schedules do not.
 * Warnings, not refusals: the schedules are made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_WARNINGS } from '@core/scheduling/identical';
import { startTestServer, type Client, type TestServer } from './support';
import { bulkEntry, connectXAccount, visibleTargets } from './schedules.support';

let server: TestServer;
let user: Client;
let x: string;
let other: string;
let targets: { id: string; username: string }[];

type Warning = { kind: string; scheduleId: string; otherScheduleId: string; message: string };

beforeAll(async () => {
  server = await startTestServer();
  const made = await server.newUser();
  user = made.client;
  const admin = await server.admin();
  expect((await admin.put(`/api/admin/users/${made.user.id}/role`, { role: 'legacy' })).status).toBe(200);
  x = await connectXAccount(server, made.user.id, 'warn_x');
  other = await connectXAccount(server, made.user.id, 'warn_y');
  targets = await visibleTargets(user);
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const recurring = (text: string, o: Record<string, unknown> = {}) => ({
  accountId: targets[0]!.id,
  connectedAccountId: x,
  isRecurring: true,
  recurringType: 'daily',
  peakWindowType: 'morning_peak',
  conditions: { content: text, targetAccount: `@${targets[0]!.username}`, imageIncluded: false },
  ...o,
});

describe('warnings about schedules that repeat a text', () => {
  it('a schedule made twice is identical to the first; the same text elsewhere is a same-text warning; variations and another account are not', async () => {
    const first = await user.post('/api/schedules', recurring('Exactly right'));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect((first.body as { warnings: Warning[] }).warnings).toEqual([]);
    const firstId = (first.body as { id: string }).id;

    const again = await user.post('/api/schedules', recurring('exactly right!'));
    expect(again.status).toBe(201);
    expect((again.body as { warnings: Warning[] }).warnings).toEqual([
      { kind: 'identical', scheduleId: (again.body as { id: string }).id, otherScheduleId: firstId, message: SCHEDULE_WARNINGS.identical('warn_x', targets[0]!.username) },
    ]);

    const elsewhere = await user.post('/api/schedules', recurring('Exactly right', { accountId: targets[1]!.id, peakWindowType: 'evening_peak' }));
    const againId = (again.body as { id: string }).id;
    expect((elsewhere.body as { warnings: Warning[] }).warnings.map((w) => [w.kind, [firstId, againId].includes(w.otherScheduleId)])).toEqual([['same_text', true]]);

    const varied = await user.post('/api/schedules', recurring('{Exactly|Quite} right', { accountId: targets[1]!.id }));
    expect((varied.body as { warnings: Warning[] }).warnings).toEqual([]);
    const fromOther = await user.post('/api/schedules', recurring('Exactly right', { connectedAccountId: other }));
    expect((fromOther.body as { warnings: Warning[] }).warnings).toEqual([]);
  });

  it('a CSV file imported twice: every entry of the second import names its twin; Bulk batches too', async () => {
    const entries = [bulkEntry(targets[2]!.id, x, { customReplyText: 'Imported once' }), bulkEntry(targets[3]!.id, x, { customReplyText: 'Imported twice', scheduledTime: 'lunch' })];
    const once = await user.post('/api/schedules/import', { entries, dryRun: false });
    expect(once.status, JSON.stringify(once.body)).toBe(201);
    expect((once.body as { warnings: Warning[] }).warnings).toEqual([]);
    const twice = await user.post('/api/schedules/import', { entries, dryRun: false });
    expect(twice.status).toBe(201);
    const { ids, warnings } = twice.body as { ids: string[]; warnings: Warning[] };
    const firstIds = (once.body as { ids: string[] }).ids;
    expect(warnings.map((w) => [w.kind, w.scheduleId, w.otherScheduleId])).toEqual([
      ['identical', ids[0], firstIds[0]],
      ['identical', ids[1], firstIds[1]],
    ]);
    const batch = await user.post('/api/bulk-replies/batch', { entries: [entries[0]] });
    expect(batch.status).toBe(201);
    expect((batch.body as { warnings: Warning[] }).warnings.map((w) => w.kind)).toEqual(['identical']);
  });
});
