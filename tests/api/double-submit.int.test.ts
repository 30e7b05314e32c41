/**
 * A double submit from the web app, through the web app's own API functions (the ones its forms
 * call) against a real server: the browser's fetch is the test's, sending to the server with the
 * signed-in user's cookie and the CSRF header, as the page does. Two presses of "Create" before the
 * first answered used to make two templates (no Idempotency-Key was sent); now they make one, and
 * both presses get its answer. Saved, the same form pressed again is a new template.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplate, type TemplateFields } from '@web/features/templates/api/templates';
import { createTemplateSchedule } from '@web/features/schedules/api/schedules';
import { startTestServer, type Client, type TestServer } from './support';
import { connectXAccount, dateIn, visibleTargets } from './schedules.support';

let server: TestServer;
let alice: Client;
let userId: string;
const realFetch = globalThis.fetch;
const sentKeys: (string | null)[] = [];

beforeAll(async () => {
  server = await startTestServer({ RIPOSTE_SCHEDULER: 'off' });
  const made = await server.newUser();
  alice = made.client;
  userId = made.user.id;
  const cookie = alice.cookieHeader();
  globalThis.fetch = (input, init = {}) => {
    const headers = new Headers(init.headers);
    sentKeys.push(headers.get('Idempotency-Key'));
    headers.set('Cookie', cookie);
    return realFetch(new URL(String(input), server.url), { ...init, headers });
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server?.close();
});

const fields: TemplateFields = { name: 'Twice pressed', content: 'Thanks for sharing this', isActive: true, useAI: false, viralStyle: 'insight_bomb', aiMaxLength: 280 };
const templates = async () => (await alice.get('/api/templates')).body as { id: string; name: string }[];

describe('a double submit from the web app', () => {
  it('two presses of Create template before the first answered make one template; pressed again once saved, a second', async () => {
    const [one, two] = await Promise.all([createTemplate(fields), createTemplate(fields)]);
    expect(one.id).toBe(two.id);
    expect((await templates()).filter((t) => t.name === fields.name)).toHaveLength(1);
    expect(sentKeys.at(-1)).toMatch(/\S/);
    expect(sentKeys.at(-2)).toBe(sentKeys.at(-1));

    const again = await createTemplate(fields);
    expect(again.id).not.toBe(one.id);
    expect((await templates()).filter((t) => t.name === fields.name)).toHaveLength(2);
  });

  it('the New Schedule form pressed twice makes one schedule', async () => {
    const connectedAccountId = await connectXAccount(server, userId, 'double_clicker');
    const target = (await visibleTargets(alice))[0];
    if (target === undefined) throw new Error('no visible target');
    const template = (await templates())[0];
    if (template === undefined) throw new Error('no template');
    const payload = {
      accountId: target.id,
      connectedAccountId,
      templateId: template.id,
      templateGroupId: null,
      scheduleType: 'scheduled' as const,
      isRecurring: false as const,
      scheduledTime: `${dateIn(3)}T10:30:00.000Z`,
    };
    const [one, two] = await Promise.all([createTemplateSchedule(payload), createTemplateSchedule(payload)]);
    expect(one.id).toBe(two.id);
    expect(((await alice.get('/api/schedules')).body as unknown[]).length).toBe(1);
  });
});
