/**
 * Bulk Replies' calls over real HTTP (spec part 2 §7, §8): one entry per call as the page sends it,
 * and the batch that creates all or none. The duplicate rule (same target in one time frame: same
 * date and slot for one-time entries, same recurring type and slot for recurring ones) and an entry
 * the user may not make (a target they cannot see, an X account or template not theirs) refuse the
 * whole batch, naming the entry, and nothing is created. Mentions are stripped and reported. Who
 * may bulk schedule at all: schedule-access.int.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { bulkEntrySchema, bulkPayloadFromEntry } from '@core/scheduling/schemas';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { bulkEntry, connectXAccount, dateIn, hideFromUsers, visibleTargets } from './schedules.support';

let server: TestServer;
let premium: Client;
let x: string;
let targets: { id: string; username: string }[];
let hidden: string;


type View = { id: string; accountId: string; nextRunTime: string | null; isRecurring: boolean; recurringType: string | null; content: string | null; scheduleType: string };

beforeAll(async () => {
  server = await startTestServer();
  const made = await server.newUser();
  premium = made.client;
  const admin = await server.admin();
  // Legacy access: one of the tiers that may bulk schedule (no route grants premium without a payment).
  expect((await admin.put(`/api/admin/users/${made.user.id}/role`, { role: 'legacy' })).status).toBe(200);
  x = await connectXAccount(server, made.user.id, 'bulk_x');
  targets = await visibleTargets(premium);
  hidden = targets.at(-1)!.id;
  await hideFromUsers(admin, hidden);
  targets = targets.slice(0, -1);
}, 30_000);
afterAll(async () => {
  await server?.close();
});

const entry = (i: number, o: Record<string, unknown> = {}) => bulkEntry(targets[i]!.id, x, { customReplyText: `Reply number ${i}`, ...o });

const ids = async () => ((await premium.get('/api/schedules')).body as View[]).map((s) => s.id).sort();

describe('POST /api/bulk-replies (one entry)', () => {
  it('creates the entry at its slot time in the user zone, and strips mentions', async () => {
    const res = await premium.post('/api/bulk-replies', entry(0, { scheduledTime: 'afternoon', customReplyText: 'Agreed @someone, well put' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const view = res.body as View & { mentionsRemoved: string[] };
    expect(view.mentionsRemoved).toEqual(['@someone']);
    expect(view.content).not.toContain('@');
    // The afternoon slot posts at 17:00 (spec §9), UTC for this user.
    expect(view.nextRunTime).toBe(`${dateIn(3)}T17:00:00.000Z`);
  });
});

describe('POST /api/bulk-replies (the page’s row)', () => {
  it('takes a table row turned into its call by the page’s own conversion', async () => {
    const row = bulkEntrySchema.parse({
      id: 'row-1',
      accountId: targets[1]!.id,
      connectedAccountId: x,
      tone: 'hot_take',
      scheduledTime: 'custom',
      customHour: 14,
      customMinute: 20,
      useAI: false,
      isRecurring: false,
      recurringType: 'daily',
      scheduledDate: dateIn(10),
      customReplyText: 'Row text',
    });
    const res = await premium.post('/api/bulk-replies', bulkPayloadFromEntry(row));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ accountId: targets[1]!.id, content: 'Row text', nextRunTime: `${dateIn(10)}T14:20:00.000Z`, mentionsRemoved: [] });
  });
});

describe('POST /api/bulk-replies/batch', () => {
  it('creates every entry of a good batch', async () => {
    const before = await ids();
    const res = await premium.post('/api/bulk-replies/batch', {
      entries: [
        entry(1),
        entry(2, { scheduledTime: 'custom', customHour: 6, customMinute: 45 }),
        entry(1, { isRecurring: true, recurringType: 'weekly', scheduledDate: dateIn(4) }),
        entry(3, { useAI: true, customReplyText: '' }),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body as { success: boolean; message: string; schedules: View[] };
    expect(body).toMatchObject({ success: true, message: M.bulkScheduled });
    expect(body.schedules).toHaveLength(4);
    expect(body.schedules.every((s) => s.nextRunTime !== null && Date.parse(s.nextRunTime) > Date.now())).toBe(true);
    expect(body.schedules[1]!.nextRunTime).toBe(`${dateIn(3)}T06:45:00.000Z`);
    expect(body.schedules[2]).toMatchObject({ isRecurring: true, recurringType: 'weekly' });
    expect(await ids()).toEqual([...before, ...body.schedules.map((s) => s.id)].sort());
  });

  it('strips mentions from every entry and reports them once for the batch', async () => {
    const res = await premium.post('/api/bulk-replies/batch', {
      entries: [
        entry(0, { scheduledDate: dateIn(11), customReplyText: 'Hi @ann and @bob' }),
        entry(1, { scheduledDate: dateIn(11), customReplyText: 'Thanks @bob' }),
        entry(2, { scheduledDate: dateIn(11), customReplyText: 'No tags here' }),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const body = res.body as { mentionsRemoved: string[]; schedules: (View & { mentionsRemoved: string[] })[] };
    expect(body.mentionsRemoved).toEqual(['@ann', '@bob']);
    expect(body.schedules.map((s) => [s.content, s.mentionsRemoved])).toEqual([
      ['Hi and', ['@ann', '@bob']],
      ['Thanks', ['@bob']],
      ['No tags here', []],
    ]);
  });

  it('refuses a duplicate target in one time frame, naming the later entry, and creates nothing', async () => {
    const before = await ids();
    const cases: [string, object[], string][] = [
      ['same target, date and slot', [entry(0), entry(1), entry(0, { customReplyText: 'again' })], 'entries.2.accountId'],
      // A custom time inside a slot's window is that slot (morning: 8-10am).
      ['a custom time in the same slot', [entry(1), entry(1, { scheduledTime: 'custom', customHour: 8, customMinute: 30 })], 'entries.1.accountId'],
      [
        'same target, recurring type and slot',
        [entry(2, { isRecurring: true, recurringType: 'daily', scheduledDate: dateIn(3) }), entry(2, { isRecurring: true, recurringType: 'daily', scheduledDate: dateIn(9) })],
        'entries.1.accountId',
      ],
    ];
    for (const [name, entries, field] of cases) {
      const res = await premium.post('/api/bulk-replies/batch', { entries });
      expect(res.status, name).toBe(400);
      expect(errorOf(res), name).toMatchObject({ message: M.duplicateTarget, field });
    }
    // The same target in another slot, on another date, or one-time beside recurring is fine.
    const fine = await premium.post('/api/bulk-replies/batch', {
      entries: [entry(0, { scheduledDate: dateIn(5) }), entry(0, { scheduledDate: dateIn(5), scheduledTime: 'lunch' }), entry(0, { scheduledDate: dateIn(6) }), entry(0, { scheduledDate: dateIn(5), isRecurring: true })],
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    expect((await ids()).length).toBe(before.length + 4);
  });

  it('refuses the whole batch when one entry is bad or not the user’s to make, naming it', async () => {
    const before = await ids();
    const bad: [string, object[], number, string, string][] = [
      ['a target the user cannot see', [entry(0, { scheduledDate: dateIn(7) }), entry(1, { scheduledDate: dateIn(7) }), { ...entry(2), accountId: hidden }], 404, 'entries.2.accountId', 'Target account not found'],
      ['an X account that is not theirs', [entry(0, { scheduledDate: dateIn(8) }), { ...entry(1), connectedAccountId: 'someone-elses' }], 404, 'entries.1.connectedAccountId', 'Connected X account not found. Connect it on My X Accounts first.'],
      ['a field', [entry(0, { scheduledDate: dateIn(8) }), entry(1, { scheduledTime: 'custom' })], 400, 'entries.1.customHour', M.customTimeIncomplete],
      ['a past date', [entry(0, { scheduledDate: dateIn(8) }), entry(1, { scheduledDate: dateIn(-1) })], 400, 'entries.1.scheduledDate', M.dateBeforeToday],
      ['a template that is not theirs', [entry(0, { scheduledDate: dateIn(8) }), entry(1, { templateSourceType: 'template', templateId: 'no-such-template' })], 404, 'entries.1.templateId', 'Template not found'],
      ['the last of many', [0, 1, 2, 3].map((i) => entry(i, { scheduledDate: dateIn(12) })).concat([entry(0, { scheduledDate: dateIn(12), customReplyText: '' })]), 400, 'entries.4.customReplyText', M.contentRequired],
    ];
    for (const [name, entries, status, field, message] of bad) {
      const res = await premium.post('/api/bulk-replies/batch', { entries });
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(errorOf(res), name).toMatchObject({ field, message });
    }
    expect(await ids()).toEqual(before);
  });
});
