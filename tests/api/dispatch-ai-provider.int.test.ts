/**
 * Scheduled AI replies when the admin's AI provider fails, over real HTTP with the X emulator as X
 * and the OpenAI-compatible emulator as the provider, on the server's movable clock: with the
 * fallback 'wait' the run waits while it is on time and is then skipped with the provider's
 * failure (nothing is posted in its place); with 'offline' the offline writer writes it and it goes
 * out, labelled in the history as the offline writer's. Each writing asked of the model is counted for the schedule's owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_MODEL, startAiEmulator, type AiEmulator } from '@adapters/ai-emulator';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import { eventually } from './schedules.support';

let w: DispatchWorld;
let ai: AiEmulator;

beforeAll(async () => {
  ai = await startAiEmulator({ apiKey: 'sk-dispatch' });
  w = await startDispatchWorld({ RIPOSTE_X_DELIVERY: 'direct', RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '', RIPOSTE_AI_MAX_RETRIES: '0' }, { sharedClock: true });
});
afterAll(async () => {
  await w?.close();
  await ai?.close();
});

const ended = (r: ReplyView) => ['sent', 'skipped', 'failed', 'duplicate', 'rejected'].includes(r.status);

describe('scheduled AI replies when the provider fails', () => {
  it("'wait': waits while on time, then skips with the reason; 'offline': the offline writer's text goes out", async () => {
    const provider = { baseUrl: ai.baseUrl, model: EMULATOR_MODEL, apiKey: 'sk-dispatch', userDailyLimit: null, installationMonthlyLimit: null };
    expect((await w.admin.put('/api/admin/ai-provider', { ...provider, fallback: 'wait' })).status).toBe(200);
    const u = await w.userWithX();
    const target = await w.newTarget();
    const template = await u.client.post('/api/templates', { name: 'AI', content: 'Offices are fine for some teams', useAI: true, viralStyle: 'insight_bomb' });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const runAt = async (content: string) => {
      const at = new Date(w.serverNow() + 5 * 60_000);
      at.setUTCSeconds(0, 0);
      const res = await u.client.post('/api/schedules', {
        accountId: target.id,
        connectedAccountId: u.connectedAccountId,
        templateId: (template.body as { id: string }).id,
        scheduleType: 'scheduled',
        scheduledTime: at.toISOString(),
        isRecurring: false,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      w.emulator.control.post(target.username, `${content} @${u.handle}`);
      w.moveClockTo(at.getTime());
      return { id: (res.body as { id: string }).id, at: at.getTime() };
    };

    ai.inject({ kind: 'status', status: 503 }, 1_000);
    const { id: waiting, at } = await runAt('Is the office back?');
    // Tried and failed: the run waits (no reply ended yet) ...
    await eventually(() => Promise.resolve(ai.requests.length), (n) => n > 0, 'the provider to be asked', 15_000);
    expect((await w.repliesOf(u.client)).items.filter((r) => r.scheduledId === waiting && ended(r))).toHaveLength(0);
    // ... and when its next try would be past the 15 minutes a run may be late, it is skipped with why.
    w.moveClockTo(at + 14 * 60_000 + 45_000);
    const skipped = await w.replyOfSchedule(u.client, waiting, ended);
    expect(skipped.status).toBe('skipped');
    expect(skipped.reason).toMatch(/^Not posted: the AI provider did not write the reply while it was on time \(The AI service is unavailable/);
    expect(w.repliesOnX(u.handle)).toHaveLength(0);

    expect((await w.admin.put('/api/admin/ai-provider', { ...provider, fallback: 'offline' })).status).toBe(200);
    const { id: fallback } = await runAt('Is the office back for good?');
    const sent = await w.replyOfSchedule(u.client, fallback, ended);
    expect(sent.status, sent.reason).toBe('sent');
    expect(w.repliesOnX(u.handle).map((p) => p.text)).toEqual([sent.content]);
    // The history says the offline writer wrote it, and why, from the event that recorded the text.
    expect(sent.aiFallback).toMatch(/^Written offline: the AI provider failed \(The AI service is unavailable/);
    expect(skipped.aiFallback).toBeNull();
    ai.clearFaults();
    // With the provider back, the model writes and nothing says otherwise.
    const { id: written } = await runAt('Is the office back at last?');
    const byModel = await w.replyOfSchedule(u.client, written, ended);
    expect(byModel.status, byModel.reason).toBe('sent');
    expect(byModel.aiFallback).toBeNull();
    // Both runs' writings were counted for the user (the admin page's usage).
    const view = (await w.admin.get('/api/admin/ai-provider')).body as { usage: { today: number; month: number } };
    expect(view.usage.month).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
