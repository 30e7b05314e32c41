/**
 * The admin's AI provider over real HTTP, against the OpenAI-compatible emulator in this process
 * (so the real openai client makes every call): admin only, from outside and through path
 * variants; the Test button's one real call, its answer and its failures in words; the key sealed
 * at rest, never answered back, replace-only, and absent from the audit, the logs and the files;
 * the limits per user per day and per installation per month; the fallback when the provider fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_MODEL, startAiEmulator, type AiEmulator } from '@adapters/ai-emulator';
import { OFFLINE_MODEL } from '@adapters/ai-offline';
import { errorOf, startTestServer, type Client, type TestServer } from './support';

const NO_AI = { RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '', RIPOSTE_AI_MODEL: '', RIPOSTE_AI_MAX_RETRIES: '0' };
const KEY = 'sk-emulator-secret-4f2a9c';
const POST = 'Remote work is dead. Everyone is going back to the office by next year.';
const PATH = '/api/admin/ai-provider';

type View = {
  source: string;
  baseUrl: string | null;
  model: string;
  keySet: boolean;
  saved: { baseUrl: string | null; model: string | null; keySet: boolean };
  fallback: string;
  userDailyLimit: number | null;
  installationMonthlyLimit: number | null;
  usage: { today: number; month: number };
};

/** Every byte under the data directory (event store, read model, WALs, key files) as latin1 text. */
const filesText = (dir: string): string =>
  readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? filesText(path) : readFileSync(path).toString('latin1')))
    .join('\n');

describe('the AI provider page: admin only, a real test call, a sealed key, limits and the fallback', () => {
  let emulator: AiEmulator;
  let server: TestServer;
  let admin: Client;
  let user: Client;
  let other: Client;
  const settings = (over: Record<string, unknown> = {}) => ({
    baseUrl: emulator.baseUrl,
    model: EMULATOR_MODEL,
    fallback: 'wait',
    userDailyLimit: null,
    installationMonthlyLimit: null,
    ...over,
  });

  beforeAll(async () => {
    emulator = await startAiEmulator({ apiKey: KEY });
    server = await startTestServer(NO_AI);
    admin = await server.admin();
    user = (await server.newUser()).client;
    other = (await server.newUser()).client;
  });
  afterAll(async () => {
    await server?.close();
    await emulator?.close();
  });

  it('refuses everyone but an admin, whatever the spelling of the path', async () => {
    const anonymous = server.client();
    for (const c of [user, anonymous]) {
      for (const [method, path, body] of [
        ['GET', PATH, undefined],
        ['PUT', PATH, settings({ apiKey: KEY })],
        ['POST', `${PATH}/test`, { baseUrl: emulator.baseUrl, model: EMULATOR_MODEL, apiKey: KEY }],
      ] as const) {
        const res = await c.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(c === anonymous ? 401 : 403);
      }
    }
    for (const variant of ['/API/admin/ai-provider', '/api//admin/ai-provider', '/api/admin/ai-provider/', '/api/admin%2Fai-provider', '/api/admin/AI-provider', '/api/admin/./ai-provider']) {
      const res = await user.get(variant);
      expect(res.status, variant).not.toBe(200);
      expect(JSON.stringify(res.body ?? '')).not.toContain('"source"');
      const put = await user.request('PUT', variant, settings({ apiKey: KEY }));
      expect(put.status, `PUT ${variant}`).not.toBe(200);
    }
    // Nothing was set by any of those.
    expect(((await admin.get(PATH)).body as View).source).toBe('none');
    expect(emulator.requests).toHaveLength(0);
  });

  it('starts with no provider: the offline writer, and the composers told AI is off', async () => {
    const view = (await admin.get(PATH)).body as View;
    expect(view).toMatchObject({ source: 'none', model: OFFLINE_MODEL, keySet: false, fallback: 'wait', saved: { baseUrl: null, model: null, keySet: false } });
    expect((await server.client().get('/api/config')).body).toMatchObject({ aiOffline: true });
  });

  it('tests the form’s values with one real call: the sample reply and its time, or the failure in plain words', async () => {
    const ok = await admin.post(`${PATH}/test`, { baseUrl: emulator.baseUrl, model: EMULATOR_MODEL, apiKey: KEY });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, model: EMULATOR_MODEL, baseUrl: emulator.baseUrl });
    const answer = ok.body as { reply: string; latencyMs: number };
    expect(answer.reply.trim()).not.toBe('');
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    expect(emulator.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', authorization: `Bearer ${KEY}` });

    const wrongKey = await admin.post(`${PATH}/test`, { baseUrl: emulator.baseUrl, model: EMULATOR_MODEL, apiKey: 'sk-wrong' });
    expect(wrongKey.body).toMatchObject({ ok: false, code: 'AI_AUTH', message: expect.stringContaining('refused our credentials') });
    const noModel = await admin.post(`${PATH}/test`, { baseUrl: emulator.baseUrl, model: 'gpt-nope', apiKey: KEY });
    expect(noModel.body).toMatchObject({ ok: false, message: expect.stringContaining('gpt-nope') });
    // A port nothing listens on: the connection's own code, not a bare 'unavailable'.
    const closed = await startAiEmulator();
    const gone = closed.baseUrl;
    await closed.close();
    const down = await admin.post(`${PATH}/test`, { baseUrl: gone, model: EMULATOR_MODEL, apiKey: KEY });
    expect(down.body).toMatchObject({ ok: false, message: expect.stringMatching(/Could not reach the AI service.*ECONNREFUSED/) });
    // Testing saved nothing.
    expect(((await admin.get(PATH)).body as View).source).toBe('none');
  });

  it('refuses bad settings with the field, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [settings({ baseUrl: 'ftp://example.com/v1' }), 'baseUrl'],
      [settings({ baseUrl: 'not a url' }), 'baseUrl'],
      [settings({ model: '' }), 'model'],
      [settings({ userDailyLimit: 0 }), 'userDailyLimit'],
      [settings({ installationMonthlyLimit: 2.5 }), 'installationMonthlyLimit'],
      [settings({ fallback: 'retry-forever' }), 'fallback'],
      [settings({ apiKey: KEY, removeKey: true }), 'apiKey'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.put(PATH, body);
      expect(res.status, field).toBe(400);
      expect(errorOf(res), field).toMatchObject({ field });
    }
    expect(((await admin.get(PATH)).body as View).source).toBe('none');
  });

  it('saves the provider with its key sealed: never answered back, nowhere in the files, the logs or the audit', async () => {
    const saved = await admin.put(PATH, settings({ apiKey: KEY }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ source: 'admin', baseUrl: emulator.baseUrl, model: EMULATOR_MODEL, keySet: true, saved: { keySet: true } });
    const read = await admin.get(PATH);
    expect(JSON.stringify(read.body)).not.toContain(KEY);
    expect(JSON.stringify(saved.body)).not.toContain(KEY);
    expect((await server.client().get('/api/config')).body).toMatchObject({ aiOffline: false, aiFallback: 'wait' });

    const history = await admin.get('/api/admin/audit/users/admin');
    expect(history.status).toBe(200);
    const entries = (history.body as { entries: { line: string; stream: string; position: string }[] }).entries;
    const lines = entries.map((e) => e.line);
    expect(lines).toContainEqual(expect.stringContaining(`set the AI provider: ${EMULATOR_MODEL} at ${emulator.baseUrl}`));
    expect(lines).toContainEqual(expect.stringContaining("replaced the AI provider's API key (kept sealed)"));
    const last = entries.filter((e) => e.stream === 'ai-provider').at(-1);
    const state = await admin.get(`/api/admin/audit/state?stream=ai-provider&position=${last?.position ?? ''}`);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ kind: 'AI provider', state: { sealedKey: '[redacted]' } });
    expect(JSON.stringify(history.body) + JSON.stringify(state.body)).not.toContain(KEY);
    expect(server.logs.text()).not.toContain(KEY);
    expect(filesText(server.dataDir)).not.toContain(KEY);
  });

  it('writes the users’ AI replies with it; a change without a key keeps the key', async () => {
    const res = await user.post('/api/generate-ai-reply', { tweetText: POST, viralStyle: 'hot_take' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ offline: false, model: EMULATOR_MODEL });
    expect(emulator.requests.at(-1)?.authorization).toBe(`Bearer ${KEY}`);

    const kept = await admin.put(PATH, settings({ fallback: 'wait', userDailyLimit: 500 }));
    expect(kept.body).toMatchObject({ keySet: true, userDailyLimit: 500 });
    expect((await admin.post(`${PATH}/test`, {})).body).toMatchObject({ ok: true });
    // The key set goes only to the endpoint it was set for, never to another URL typed in the form.
    const elsewhere = await startAiEmulator({ apiKey: KEY });
    try {
      const probe = await admin.post(`${PATH}/test`, { baseUrl: elsewhere.baseUrl, model: EMULATOR_MODEL });
      expect(probe.body).toMatchObject({ ok: false, code: 'AI_AUTH' });
      expect(elsewhere.requests.at(-1)?.authorization).not.toBe(`Bearer ${KEY}`);
    } finally {
      await elsewhere.close();
    }
  });

  it('holds each user to the daily limit and the installation to the monthly one (429 with the reason)', async () => {
    await admin.put(PATH, settings({ userDailyLimit: 2 }));
    const first = await other.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'professional' });
    const second = await other.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'friendly' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await other.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'humorous' });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ success: false, code: 'AI_USER_DAILY_LIMIT', message: expect.stringContaining("today's 2 AI writings") });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user's day is their own (this one made a single call so far).
    expect((await user.post('/api/generate-ai-reply', { tweetText: POST })).status).toBe(200);

    const month = ((await admin.get(PATH)).body as View).usage.month;
    expect(month).toBeGreaterThanOrEqual(4);
    await admin.put(PATH, settings({ installationMonthlyLimit: month }));
    const over = await user.post('/api/generate-ai-reply', { tweetText: POST });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'AI_MONTHLY_LIMIT', message: expect.stringContaining(`${month} AI writings for the month`) });
    await admin.put(PATH, settings());
  });

  it('when the provider fails: answers the failure with "wait", the labelled offline writer with "offline"', async () => {
    emulator.inject({ kind: 'status', status: 500 }, 1);
    const waiting = await user.post('/api/generate-ai-reply', { tweetText: POST });
    expect(waiting.status).toBe(503);
    expect(waiting.body).toMatchObject({ message: expect.stringContaining('Failed to generate reply') });

    await admin.put(PATH, settings({ fallback: 'offline' }));
    expect((await server.client().get('/api/config')).body).toMatchObject({ aiOffline: false, aiFallback: 'offline' });
    emulator.inject({ kind: 'status', status: 500 }, 1);
    const fallback = await user.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'professional' });
    expect(fallback.status).toBe(200);
    expect(fallback.body).toMatchObject({ success: true, offline: true, model: OFFLINE_MODEL, fallback: expect.stringContaining('Written by the offline writer') });
    expect((fallback.body as { message: string }).message).toContain('offline writer');
    // The provider answers again: its own text, not the fallback.
    const back = await user.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'professional' });
    expect(back.body).toMatchObject({ offline: false, model: EMULATOR_MODEL });
    expect(back.body).not.toHaveProperty('fallback');
  });

  it('removes the key on request, and clearing the endpoint goes back to the offline writer', async () => {
    const removed = await admin.put(PATH, settings({ removeKey: true }));
    expect(removed.body).toMatchObject({ source: 'admin', keySet: false, saved: { keySet: false } });
    expect((await admin.post(`${PATH}/test`, {})).body).toMatchObject({ ok: false, code: 'AI_AUTH' });
    const cleared = await admin.put(PATH, settings({ baseUrl: '', model: '' }));
    expect(cleared.body).toMatchObject({ source: 'none', model: OFFLINE_MODEL });
    expect((await server.client().get('/api/config')).body).toMatchObject({ aiOffline: true });
    expect((await user.post('/api/generate-ai-reply', { tweetText: POST })).body).toMatchObject({ offline: true });
  });
});
