/**
 * Moving a schedule to another connected account (PATCH /api/schedules/:id), over real HTTP: what
 * frees an account that Disconnect refused because schedules use it. Only the owner moves, only to
 * their own connected account; an executed schedule stays where it ran; bad bodies change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type TestServer } from './support';
import { connectXAccount, eventually, recordRun, visibleTargets } from './schedules.support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 30_000);
afterAll(async () => {
  await server?.close();
});

type View = { id: string; connectedAccountId: string; accountName: string | null; status: string; nextRunTime: string | null };

describe('moving a schedule to another connected account', () => {
  it('moves the owner’s schedule, frees the account for Disconnect, and refuses everything else', async () => {
    const admin = await server.admin();
    const adminId = ((await admin.get('/api/auth/status')).body as { user: { id: string } }).user.id;
    const from = await connectXAccount(server, adminId, 'move_from');
    const to = await connectXAccount(server, adminId, 'move_to');
    const target = (await visibleTargets(admin))[0]!.id;
    const created = await admin.post('/api/schedules', { accountId: target, connectedAccountId: from, peakWindowType: 'evening_peak', conditions: { content: 'Moves', targetAccount: null, imageIncluded: false } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const schedule = created.body as View;

    // Disconnect is refused while the schedule uses the account.
    const refused = await admin.request('DELETE', `/api/x/accounts/${from}`);
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('ACCOUNT_IN_USE');

    // Bad bodies: a clear error on the field, nothing changed.
    for (const body of [{}, { connectedAccountId: '' }, { connectedAccountId: '   ' }, { connectedAccountId: null }, { connectedAccountId: ['a'] }]) {
      const bad = await admin.request('PATCH', `/api/schedules/${schedule.id}`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad), JSON.stringify(body)).toMatchObject({ field: 'connectedAccountId', message: 'Please select your X account to post from' });
    }
    const notJson = await admin.request('PATCH', `/api/schedules/${schedule.id}`, undefined, { raw: '{"connectedAccountId":', headers: { 'Content-Type': 'application/json' } });
    expect(notJson.status).toBe(400);
    const stranger = await server.newUser();
    const theirs = await connectXAccount(server, stranger.user.id, 'move_theirs');
    // Someone else's account, an unknown one: 404 on the field.
    for (const id of [theirs, 'no-such-account']) {
      const res = await admin.request('PATCH', `/api/schedules/${schedule.id}`, { connectedAccountId: id });
      expect(res.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ field: 'connectedAccountId', code: 'CONNECTED_ACCOUNT_NOT_FOUND' });
    }
    // Someone else's schedule: 404, as if it did not exist.
    expect((await stranger.client.request('PATCH', `/api/schedules/${schedule.id}`, { connectedAccountId: theirs })).status).toBe(404);
    expect(((await admin.get(`/api/schedules/${schedule.id}`)).body as View).connectedAccountId).toBe(from);

    // The owner moves it: the answer is the fresh schedule, its next run unchanged.
    const moved = await admin.request('PATCH', `/api/schedules/${schedule.id}`, { connectedAccountId: to });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ id: schedule.id, connectedAccountId: to, accountName: 'move_to', status: 'pending', nextRunTime: schedule.nextRunTime });
    // Moving again to the same account is quiet.
    expect((await admin.request('PATCH', `/api/schedules/${schedule.id}`, { connectedAccountId: to })).status).toBe(200);

    // The account is free now.
    const gone = await admin.request('DELETE', `/api/x/accounts/${from}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);

    // An executed schedule stays on the account it ran from.
    await recordRun(server.dataDir, schedule.id, schedule.nextRunTime!);
    await eventually(async () => ((await admin.get(`/api/schedules/${schedule.id}`)).body as View).status, (s) => s === 'executed', 'the schedule executed');
    const another = await connectXAccount(server, adminId, 'move_later');
    const late = await admin.request('PATCH', `/api/schedules/${schedule.id}`, { connectedAccountId: another });
    expect(late.status).toBe(409);
    expect(errorOf(late)).toMatchObject({ code: 'SCHEDULE_EXECUTED', message: 'Executed schedules cannot be moved to another account' });
  });
});
