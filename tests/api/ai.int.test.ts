/**
 * The three AI calls over real HTTP, twice: with no AI configured (the offline writer, labelled
 * offline) and with RIPOSTE_AI_BASE_URL / RIPOSTE_AI_API_KEY / RIPOSTE_AI_MODEL pointing at the
 * OpenAI-compatible emulator, so the real openai client runs, including its failure paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_MODEL, startAiEmulator, type AiEmulator } from '@adapters/ai-emulator';
import { OFFLINE_MODEL } from '@adapters/ai-offline';
import { errorOf, startTestServer, type Client, type TestServer } from './support';

// Whatever the machine's environment says, these runs decide which writer the server gets.
const NO_AI = { RIPOSTE_AI_BASE_URL: '', RIPOSTE_AI_API_KEY: '', RIPOSTE_AI_MODEL: '' };

const POST = 'Remote work is dead. Everyone is going back to the office by next year.';

type Reply = { reply: string; offline: boolean; model: string; viralStyle: string };

describe('AI calls with the offline writer (no AI configured)', () => {
  let server: TestServer;
  let user: Client;
  beforeAll(async () => {
    server = await startTestServer(NO_AI);
    user = (await server.newUser()).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('says so in the public config', async () => {
    expect((await server.client().get('/api/config')).body).toMatchObject({ aiOffline: true });
  });

  it('writes a reply labelled offline, without mentions, within 280 characters', async () => {
    const res = await user.post('/api/generate-ai-reply', { tweetText: `${POST} @someone`, accountName: '@Example', viralStyle: 'hot_take' });
    expect(res.status).toBe(200);
    const body = res.body as Reply;
    expect(body).toMatchObject({ offline: true, model: OFFLINE_MODEL, viralStyle: 'hot_take' });
    expect(body.reply.trim()).not.toBe('');
    expect(body.reply).not.toMatch(/(^|\s)@\w/);
    expect([...body.reply].length).toBeLessThanOrEqual(280);
    expect(body.reply).not.toBe(POST);
  });

  it('defaults the account name and the style, and differs per style', async () => {
    const base = await user.post('/api/generate-ai-reply', { tweetText: POST, seed: 7 });
    expect(base.status).toBe(200);
    expect(base.body).toMatchObject({ viralStyle: 'savage_comeback', offline: true });
    const same = await user.post('/api/generate-ai-reply', { tweetText: POST, seed: 7 });
    expect((same.body as Reply).reply).toBe((base.body as Reply).reply);
    const styles = ['savage_comeback', 'hilarious_one_liner', 'insight_bomb', 'dark_humor', 'power_play'];
    const replies = await Promise.all(styles.map((viralStyle) => user.post('/api/generate-ai-reply', { tweetText: POST, viralStyle, seed: 7 })));
    expect(new Set(replies.map((r) => (r.body as Reply).reply)).size).toBe(styles.length);
  });

  it.each([
    [{}, 'Please enter some text to reply to', 'tweetText'],
    [{ tweetText: '   ' }, 'Please enter some text to reply to', 'tweetText'],
    [{ tweetText: 'a'.repeat(25_001) }, 'Text cannot exceed 25000 characters', 'tweetText'],
    [{ tweetText: POST, viralStyle: 'rude' }, expect.stringContaining('Choose one of:'), 'viralStyle'],
  ])('refuses generate-ai-reply (case %#) with its message and field', async (body, message, field) => {
    const res = await user.post('/api/generate-ai-reply', body);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ message, field });
  });

  it('repurposes in a V2 style: {success, content, message}', async () => {
    const res = await user.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'professional' });
    expect(res.status).toBe(200);
    const body = res.body as { success: boolean; content: string; message: string; offline: boolean };
    expect(body).toMatchObject({ success: true, offline: true });
    expect(body.message).toContain('offline writer');
    expect(body.content.trim()).not.toBe('');
    expect(body.content).not.toBe(POST);
  });

  it.each([
    [{ targetStyle: 'friendly' }, 'Please enter some content first.', 'originalContent'],
    [{ originalContent: POST, targetStyle: 'angry' }, expect.stringContaining('Choose one of: friendly'), 'targetStyle'],
    [{ originalContent: POST }, expect.stringContaining('Choose one of: friendly'), 'targetStyle'],
  ])('refuses v2 repurpose %j with its message and field', async (body, message, field) => {
    const res = await user.post('/api/v2/repurpose', body);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ message, field });
  });

  it('repurposes content within maxLength: {success, repurposedContent}', async () => {
    const long = `${POST} `.repeat(10).trim();
    const res = await user.post('/api/repurpose-content', { content: long, maxLength: 120 });
    expect(res.status).toBe(200);
    const body = res.body as { success: boolean; repurposedContent: string; offline: boolean };
    expect(body).toMatchObject({ success: true, offline: true });
    expect([...body.repurposedContent].length).toBeLessThanOrEqual(120);
    const empty = await user.post('/api/repurpose-content', { content: '', maxLength: 280 });
    expect(empty.status).toBe(400);
    expect(errorOf(empty)).toMatchObject({ message: 'Please enter some content first.', field: 'content' });
  });

  it("previews a template's AI variation in a classic style, different per style and seed", async () => {
    const ask = (viralStyle: string, seed: number) => user.post('/api/templates/preview', { content: POST, viralStyle, aiMaxLength: 200, seed });
    const a = await ask('dark_humor', 1);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ success: true, viralStyle: 'dark_humor', offline: true, model: OFFLINE_MODEL });
    const text = (a.body as { content: string }).content;
    expect([...text].length).toBeLessThanOrEqual(200);
    expect(text).not.toBe(POST);
    expect(((await ask('power_play', 1)).body as { content: string }).content).not.toBe(text);
    expect(((await ask('dark_humor', 2)).body as { content: string }).content).not.toBe(text);
    const bad = await user.post('/api/templates/preview', { content: POST, viralStyle: 'witty_response' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad)).toMatchObject({ field: 'viralStyle' });
    const empty = await user.post('/api/templates/preview', { content: ' ' });
    expect(errorOf(empty)).toMatchObject({ message: 'Please enter some content first.', field: 'content' });
  });

  it('refuses a malformed AI setting at start-up, naming the variable', async () => {
    await expect(startTestServer({ RIPOSTE_AI_BASE_URL: 'ftp://models.example' })).rejects.toThrow(/RIPOSTE_AI_BASE_URL/);
  });

  it('requires a session for every AI call', async () => {
    const visitor = server.client();
    for (const path of ['/api/generate-ai-reply', '/api/v2/repurpose', '/api/repurpose-content', '/api/templates/preview']) {
      expect((await visitor.post(path, { tweetText: POST, originalContent: POST, content: POST, targetStyle: 'friendly' })).status).toBe(401);
    }
  });
});

describe('AI calls against an OpenAI-compatible server (the emulator)', () => {
  const KEY = 'sk-test-emulator';
  let emulator: AiEmulator;
  let server: TestServer;
  let user: Client;
  beforeAll(async () => {
    emulator = await startAiEmulator({ apiKey: KEY });
    server = await startTestServer({
      RIPOSTE_AI_BASE_URL: emulator.baseUrl,
      RIPOSTE_AI_API_KEY: KEY,
      RIPOSTE_AI_MODEL: EMULATOR_MODEL,
      RIPOSTE_AI_TIMEOUT_MS: '1500',
      RIPOSTE_AI_MAX_RETRIES: '1',
    });
    user = (await server.newUser()).client;
  });
  afterAll(async () => {
    await server?.close();
    await emulator?.close();
  });

  it('says the writer is not offline', async () => {
    expect((await server.client().get('/api/config')).body).toMatchObject({ aiOffline: false });
  });

  it('writes a reply through the real client, with the key and the style in the prompt', async () => {
    const before = emulator.requests.length;
    const res = await user.post('/api/generate-ai-reply', { tweetText: POST, accountName: '@Example', viralStyle: 'insight_bomb' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ offline: false, model: EMULATOR_MODEL, viralStyle: 'insight_bomb' });
    expect((res.body as Reply).reply.trim()).not.toBe('');
    const sent = emulator.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(sent[0]?.body)).toContain('insight_bomb');
    // The account is named without its @, so the model is not invited to tag it.
    expect(JSON.stringify(sent[0]?.body)).not.toContain('@Example');
  });

  it('strips the mentions a model writes', async () => {
    emulator.inject({ kind: 'reply', content: '@elonmusk totally wrong, ask @jack about it' });
    const res = await user.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'contrarian' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, offline: false, content: 'totally wrong, ask about it' });
  });

  it('turns a refused key into 503 with the spec text and the cause', async () => {
    emulator.inject({ kind: 'status', status: 401 });
    const res = await user.post('/api/generate-ai-reply', { tweetText: POST });
    expect(res.status).toBe(503);
    expect(errorOf(res)).toMatchObject({ code: 'AI_AUTH' });
    expect(errorOf(res).message).toMatch(/^Failed to generate reply: The AI service refused our credentials/);
  });

  it('passes a rate limit on as 429 after its retry, with success false on repurpose', async () => {
    emulator.inject({ kind: 'status', status: 429, retryAfterMs: 10 }, 2);
    const res = await user.post('/api/repurpose-content', { content: POST, maxLength: 280 });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, offline: false, code: 'AI_RATE_LIMITED' });
    expect(errorOf(res).message).toContain('rate limited');
  });

  it('recovers from one 500 by retrying', async () => {
    emulator.inject({ kind: 'status', status: 500 });
    const res = await user.post('/api/repurpose-content', { content: POST, maxLength: 280 });
    expect(res.status).toBe(200);
    expect((res.body as { repurposedContent: string }).repurposedContent.trim()).not.toBe('');
  });

  it('answers a hung model with a timeout, and an empty answer plainly', async () => {
    emulator.inject({ kind: 'hang' });
    const hung = await user.post('/api/generate-ai-reply', { tweetText: POST });
    expect(hung.status).toBe(503);
    expect(errorOf(hung)).toMatchObject({ code: 'AI_TIMEOUT' });

    emulator.inject({ kind: 'empty' }, 2);
    const empty = await user.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'friendly' });
    expect(empty.status).toBe(503);
    expect(empty.body).toMatchObject({ success: false, code: 'AI_EMPTY' });
  });
});

describe('the per-user AI quota (RIPOSTE_AI_USER_LIMIT)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...NO_AI, RIPOSTE_AI_USER_LIMIT: '3' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with Retry-After once a user has used it up, across the AI calls, and not for another user', async () => {
    const { client: spender } = await server.newUser();
    const calls = [
      () => spender.post('/api/generate-ai-reply', { tweetText: POST }),
      () => spender.post('/api/v2/repurpose', { originalContent: POST, targetStyle: 'friendly' }),
      () => spender.post('/api/templates/preview', { content: POST }),
    ];
    for (const call of calls) expect((await call()).status).toBe(200);
    const over = await spender.post('/api/repurpose-content', { content: POST, maxLength: 280 });
    expect(over.status).toBe(429);
    expect(errorOf(over)).toMatchObject({ message: 'Too many AI requests. Please try again in 10 minutes.', code: 'AI_QUOTA' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(500);

    const { client: other } = await server.newUser();
    expect((await other.post('/api/generate-ai-reply', { tweetText: POST })).status).toBe(200);
  });

  it('refuses a limit that is not a whole number at start, naming the variable', async () => {
    await expect(startTestServer({ RIPOSTE_AI_USER_LIMIT: 'lots' })).rejects.toThrow(/RIPOSTE_AI_USER_LIMIT/);
  });
});
