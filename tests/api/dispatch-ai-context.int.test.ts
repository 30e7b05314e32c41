/**
 * What the AI writer sees of a scheduled reply, per plan (core/ai/context.ts), read off what the
 * OpenAI-compatible emulator received: a Premium user's request carries the thread the post is in
 * (here the post it quotes), the author's recent posts and, once the user has
 * replied before, their own latest replies; a trial user's request carries the post and the text
 * only. Over real HTTP, with the X emulator as X and the server's movable clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_MODEL, startAiEmulator, type AiEmulator } from '@adapters/ai-emulator';
import { decodeData, type PromptData } from '@core/ai';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import type { Client } from './support';

let w: DispatchWorld;
let ai: AiEmulator;

beforeAll(async () => {
  ai = await startAiEmulator({ apiKey: 'sk-context' });
  w = await startDispatchWorld({ RIPOSTE_X_DELIVERY: 'direct', RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '', RIPOSTE_AI_MAX_RETRIES: '0' }, { sharedClock: true });
  const provider = { baseUrl: ai.baseUrl, model: EMULATOR_MODEL, apiKey: 'sk-context', fallback: 'wait', userDailyLimit: null, installationMonthlyLimit: null };
  expect((await w.admin.put('/api/admin/ai-provider', provider)).status).toBe(200);
});
afterAll(async () => {
  await w?.close();
  await ai?.close();
});

const ended = (r: ReplyView) => ['sent', 'skipped', 'failed', 'duplicate', 'rejected'].includes(r.status);

type Asked = { system: string; data: PromptData };
/** The chat requests the emulator received whose data is a rewrite of a text starting with `mark`. */
const askedFor = (mark: string): Asked[] =>
  ai.requests.flatMap((r) => {
    const messages = (r.body as { messages?: { role: string; content: string }[] } | null)?.messages ?? [];
    const user = messages.find((m) => m.role === 'user')?.content ?? '';
    const data = decodeData(user);
    if (data === null || data.task !== 'rewrite' || !data.text.startsWith(mark)) return [];
    return [{ system: messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n'), data }];
  });

describe('the context the AI writer sees, per plan', () => {
  it("gives Premium's writer the thread, the author's tone and the user's voice; the trial's only the post and the text", async () => {
    const premium = await w.userWithX();
    const plan = await w.admin.put(`/api/admin/users/${premium.user.id}/plan`, { plan: 'premium', until: '2099-01-31' });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const trial = await w.userWithX();
    const target = await w.newTarget();
    // The author's tone: posts of their own before the one answered.
    w.emulator.control.post(target.username, 'TONE one: shipping beats planning, every single quarter.');
    w.emulator.control.post(target.username, 'TONE two: meetings are where momentum goes to die.');
    // What the answered post follows on from: it quotes another account's post (a target's replies
    // are not answered by timed runs; the reply chain is threadOf's unit test).
    const quoted = w.emulator.control.post(`q_${target.username.slice(2)}`, 'QUOTED: is remote work over for good?');

    const templateOf = async (client: Client, content: string) => {
      const res = await client.post('/api/templates', { name: content.slice(0, 20), content, useAI: true, viralStyle: 'insight_bomb' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { id: string }).id;
    };
    const scheduleAt = async (client: Client, connectedAccountId: string, templateId: string, at: Date) => {
      const res = await client.post('/api/schedules', { accountId: target.id, connectedAccountId, templateId, scheduleType: 'scheduled', scheduledTime: at.toISOString(), isRecurring: false });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return (res.body as { id: string }).id;
    };
    const nextMinute = () => {
      const at = new Date(w.serverNow() + 5 * 60_000);
      at.setUTCSeconds(0, 0);
      return at;
    };

    // One post answered by both users' runs, due in the same minute.
    const at = nextMinute();
    const premiumRun = await scheduleAt(premium.client, premium.connectedAccountId, await templateOf(premium.client, 'PREMIUM offices are fine for some teams'), at);
    const trialRun = await scheduleAt(trial.client, trial.connectedAccountId, await templateOf(trial.client, 'TRIAL offices are fine for some teams'), at);
    w.emulator.control.post(target.username, `ANSWERED: we are going back to the office, and I am glad. @${premium.handle} @${trial.handle}`, { quote: quoted.id });
    w.moveClockTo(at.getTime());
    const premiumSent = await w.replyOfSchedule(premium.client, premiumRun, ended);
    const trialSent = await w.replyOfSchedule(trial.client, trialRun, ended);
    expect(premiumSent.status, premiumSent.reason).toBe('sent');
    expect(trialSent.status, trialSent.reason).toBe('sent');

    const [asked] = askedFor('PREMIUM');
    expect(asked?.data).toMatchObject({
      replyTo: { post: expect.stringContaining('ANSWERED') },
      context: {
        thread: [expect.stringContaining('QUOTED')],
        authorRecentPosts: expect.arrayContaining([expect.stringContaining('TONE one'), expect.stringContaining('TONE two')]),
      },
    });
    // Nothing sent before this run: no voice to give yet.
    expect(asked?.data.context?.yourRecentReplies).toBeUndefined();
    expect(asked?.system).toContain('"context.thread"');
    expect(asked?.system).toContain('"context.authorRecentPosts"');

    const [basic] = askedFor('TRIAL');
    expect(basic?.data).toMatchObject({ text: 'TRIAL offices are fine for some teams', replyTo: { post: expect.stringContaining('ANSWERED') } });
    expect(basic?.data.context).toBeUndefined();
    expect(basic?.system).not.toContain('"context');

    // A second Premium run sees the user's own reply that went out: their voice.
    const later = nextMinute();
    const second = await scheduleAt(premium.client, premium.connectedAccountId, await templateOf(premium.client, 'PREMIUM2 hybrid is the honest answer'), later);
    w.emulator.control.post(target.username, `ANSWERED2: the office is back and it is fine. @${premium.handle}`);
    w.moveClockTo(later.getTime());
    expect((await w.replyOfSchedule(premium.client, second, ended)).status).toBe('sent');
    const [voiced] = askedFor('PREMIUM2');
    expect(voiced?.data.context?.yourRecentReplies).toEqual([premiumSent.content]);
    expect(voiced?.system).toContain('"context.yourRecentReplies"');
  }, 120_000);
});
