/**
 * Bad input over HTTP answers with the spec's own words where the spec has them, on the field, and
 * changes nothing: the Scheduler Test's checks (spec part 2 §5 'Admin test tools') and a body that
 * is JSON but not an object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from './support';
import { connectXByPin } from './x.support';

let server: TestServer;
let admin: Client;
let targetId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.admin();
  const accounts = (await admin.get('/api/user/accounts')).body as { id: string }[];
  targetId = accounts[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const recentCount = async () => ((await admin.get('/api/admin/recent-replies?limit=20')).body as unknown[]).length;
const scheduleCount = async () => ((await admin.get('/api/schedules')).body as unknown[]).length;

describe('the Scheduler Test calls answer with the spec part 2 §5 texts', () => {
  it('create test schedule (and its V2) without an account', async () => {
    const v1 = await admin.post('/api/admin/create-test-schedule', { content: 'hello', isOnetime: true });
    expect(v1.status).toBe(400);
    expect(errorOf(v1)).toMatchObject({ field: 'accountId', message: 'Please select an account to monitor for this test schedule.' });
    const v2 = await admin.post('/api/admin/create-test-schedule-v2', { accountId: '', content: 'hello' });
    expect(v2.status).toBe(400);
    expect(errorOf(v2)).toMatchObject({ field: 'accountId', message: 'Please select an account to monitor for this V2 test schedule.' });
    const noContent = await admin.post('/api/admin/create-test-schedule', { accountId: targetId, content: ' ', useAi: false });
    expect(errorOf(noContent)).toMatchObject({ field: 'content', message: 'Please enter content for your reply or enable AI generation.' });
    expect(await scheduleCount()).toBe(0);
  });

  it('direct reply: target, connected account, post id and content', async () => {
    const base = { accountId: targetId, connectedAccountId: 'c0ffee00-0000-4000-8000-000000000000', postId: '1234567890', content: 'A reply', useAi: false };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, accountId: undefined }, 'accountId', 'Please select the account whose post you reply to.'],
      [{ ...base, connectedAccountId: '' }, 'connectedAccountId', 'Please select your account to post the reply from.'],
      [{ ...base, postId: undefined }, 'postId', 'Please enter a valid X/Twitter post ID to reply to.'],
      [{ ...base, postId: 'not-a-post' }, 'postId', 'Please enter a valid X/Twitter post ID to reply to.'],
      [{ ...base, content: '' }, 'content', 'Please enter content for your reply or enable AI generation.'],
      // A connected account that is not the admin's own is refused like a missing one.
      [base, 'connectedAccountId', 'Please select your account to post the reply from.'],
    ];
    for (const path of ['/api/admin/execute-direct-reply', '/api/admin/execute-direct-reply-v2']) {
      for (const [body, field, message] of cases) {
        const res = await admin.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(errorOf(res), `${path} ${JSON.stringify(body)}`).toMatchObject({ field, message });
      }
    }
    expect(await recentCount()).toBe(0);
  });
});

describe('a body that is JSON but not an object', () => {
  it('is refused as such, not as malformed JSON, and writes nothing', async () => {
    const { client } = await server.newUser();
    for (const raw of ['"a template"', '42', 'true', 'null']) {
      const res = await client.request('POST', '/api/templates', undefined, { raw });
      expect(res.status, raw).toBe(400);
      expect(errorOf(res), raw).toMatchObject({ message: 'The request body must be a JSON object', code: 'JSON_NOT_OBJECT' });
    }
    const malformed = await client.request('POST', '/api/templates', undefined, { raw: '{"name":' });
    expect(errorOf(malformed)).toMatchObject({ message: 'The request body is not valid JSON', code: 'MALFORMED_JSON' });
    expect((await client.get('/api/templates')).body).toEqual([]);
  });
});

describe('a test tweet over 25000 characters', () => {
  it('is refused for its length, not as empty', async () => {
    const { client } = await server.newUser();
    const connectedAccountId = await connectXByPin(client, 'spec_tweeter');
    const long = await client.post('/api/x/test-tweet', { connectedAccountId, content: 'a'.repeat(25_001) });
    expect(long.status).toBe(400);
    expect(errorOf(long)).toMatchObject({ field: 'content', message: 'Tweet content cannot exceed 25000 characters' });
    const empty = await client.post('/api/x/test-tweet', { connectedAccountId, content: '  ' });
    expect(errorOf(empty)).toMatchObject({ field: 'content', message: 'Please enter tweet content' });
    const ok = await client.post('/api/x/test-tweet', { connectedAccountId, content: 'A test tweet of the usual length' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, tweetId: expect.stringMatching(/^\d+$/), tweetUrl: expect.stringMatching(/\/spec_tweeter\/status\/\d+$/) });
  });
});
