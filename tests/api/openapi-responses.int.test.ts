/**
 * What the API document says a success answers is what the server answers (docs/adr/0036
 * addendum). The routes the CLI calls (and a few next to them) are walked over HTTP against a
 * real server with real data (an X account connected through the emulator, a monitored target, a
 * template, schedules, a reply made ready by the scheduler and acted on, an admin's audit views);
 * each answer's body is checked against the JSON Schema the document gives for its status, read
 * back with zod's z.fromJSONSchema (objects are closed: a field the document does not name fails).
 * A route on the list that does not document its answer fails the coverage check.
 */
import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument, openApiPath } from '@apps/server/src/http/openapi';
import { requireUser } from '@apps/server/src/http/guards';
import { responds } from '@apps/server/src/http/validate';
import { startDispatchWorld, type DispatchWorld, type ReplyView } from './dispatch.support';
import { activatePremium, bulkEntry, dateIn } from './schedules.support';
import { uniqueName, type Reply } from './support';

type Json = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema?: Json }> } | { $ref: string }>;
type ApiDocument = { paths: Record<string, Record<string, { responses: Responses }>> };

/** Every route that must document its answer: `METHOD /path/:param`, as registered. */
const MUST_DOCUMENT = [
  'GET /api/auth/status',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'PUT /api/auth/profile',
  'GET /api/tokens',
  'POST /api/tokens',
  'DELETE /api/tokens/:id',
  'GET /api/accounts',
  'GET /api/accounts/:id',
  'GET /api/connected-accounts',
  'GET /api/x/accounts',
  'GET /api/metrics/overview',
  'GET /api/dashboard/activity',
  'GET /api/templates',
  'GET /api/templates/:id',
  'POST /api/templates',
  'PUT /api/templates/:id',
  'DELETE /api/templates/:id',
  'GET /api/template-groups',
  'GET /api/template-groups/:id',
  'POST /api/template-groups',
  'PUT /api/template-groups/:id',
  'PUT /api/template-groups/:id/templates',
  'DELETE /api/template-groups/:id',
  'GET /api/user/accounts',
  'GET /api/accounts/activity',
  'GET /api/replies/summary',
  'GET /api/schedules',
  'GET /api/schedules/:id',
  'POST /api/schedules',
  'DELETE /api/schedules/:id',
  'GET /api/schedules/:id/replies',
  'GET /api/v2/schedules',
  'POST /api/bulk-replies',
  'POST /api/bulk-replies/batch',
  'POST /api/schedules/import',
  'GET /api/replies',
  'GET /api/replies/ready',
  'POST /api/replies/:id/mark-sent',
  'POST /api/replies/:id/skip',
  'GET /api/admin/audit/users/:username',
  'GET /api/admin/audit/schedules/:id',
  'GET /api/admin/audit/state',
] as const;

/** The routes of `list` whose operation has no documented success status (only the generic 2XX, or none). */
const undocumentedAnswers = (doc: ApiDocument, list: readonly string[]): string[] =>
  list.filter((route) => {
    const [method = '', path = ''] = route.split(' ');
    const responses = doc.paths[openApiPath(path)]?.[method.toLowerCase()]?.responses ?? {};
    return !Object.keys(responses).some((status) => /^2\d\d$/.test(status));
  });

let world: DispatchWorld;
let document: ApiDocument;
/** The routes whose real answer was checked, with the statuses seen. */
const checked = new Map<string, Set<number>>();

beforeAll(async () => {
  world = await startDispatchWorld();
  const res = await world.server.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  document = res.body as ApiDocument;
}, 60_000);
afterAll(async () => {
  await world?.close();
});

/**
 * Checks a real answer of `route` against the document: its status is one the operation lists, and
 * its body passes that status's schema (no body where the document names none).
 */
const conforms = (route: (typeof MUST_DOCUMENT)[number], res: Reply): Reply => {
  const [method = '', path = ''] = route.split(' ');
  // Only successes are checked here (errors are the one Error component, checked in openapi.int.test.ts).
  expect({ route, success: res.status >= 200 && res.status < 300 }, `${res.status} ${res.text}`).toEqual({ route, success: true });
  const response = document.paths[openApiPath(path)]?.[method.toLowerCase()]?.responses[String(res.status)];
  expect({ route, status: res.status, documented: response !== undefined }, JSON.stringify(res.body)).toEqual({ route, status: res.status, documented: true });
  const schema = response !== undefined && !('$ref' in response) ? response.content?.['application/json']?.schema : undefined;
  if (schema === undefined) {
    expect({ route, status: res.status, body: res.text }).toEqual({ route, status: res.status, body: '' });
  } else {
    const result = z.fromJSONSchema(schema).safeParse(res.body);
    expect({ route, status: res.status, issues: result.success ? [] : result.error.issues }).toEqual({ route, status: res.status, issues: [] });
  }
  checked.set(route, (checked.get(route) ?? new Set()).add(res.status));
  return res;
};

describe('the answers the document describes', () => {
  it('documents the answer of every route on the list', () => {
    expect(undocumentedAnswers(document, MUST_DOCUMENT)).toEqual([]);
    // A documented answer is a schema (or, for 204, no body), not the generic 2XX.
    const operation = (method: string, path: string) => document.paths[path]?.[method]?.responses ?? {};
    expect(operation('get', '/api/schedules')['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'array' } } } });
    expect(operation('delete', '/api/schedules/{id}')['204']).toBeDefined();
    expect(operation('get', '/api/schedules')['2XX']).toBeUndefined();
  });

  it('the coverage check catches a listed route that does not say what it answers', () => {
    const router = new Router({ sensitive: true, strict: true });
    router.get('/api/things', requireUser, responds(200, z.array(z.object({ id: z.string() }))), () => undefined);
    router.get('/api/things/:id', requireUser, () => undefined);
    const doc = openApiDocument([router], { version: 'test', https: false }) as ApiDocument;
    expect(undocumentedAnswers(doc, ['GET /api/things', 'GET /api/things/:id'])).toEqual(['GET /api/things/:id']);
    // A schema from the list fails a body that does not follow it.
    const listed = (doc.paths['/api/things']?.get?.responses['200'] as { content: Record<string, { schema: Json }> }).content['application/json']?.schema ?? {};
    expect(z.fromJSONSchema(listed).safeParse([{ id: 'a' }]).success).toBe(true);
    expect(z.fromJSONSchema(listed).safeParse([{ id: 1 }]).success).toBe(false);
    expect(z.fromJSONSchema(listed).safeParse([{ id: 'a', extra: true }]).success).toBe(false);
  });

  it("the CLI's calls (and their neighbours) answer what the document says, on real data", async () => {
    const { server, admin, emulator } = world;
    const fay = await world.userWithX();
    await activatePremium(server, fay.user.id);
    const target = await world.newTarget();
    const c = fay.client;

    conforms('GET /api/auth/status', await c.get('/api/auth/status'));
    conforms('PUT /api/auth/profile', await c.put('/api/auth/profile', { fullName: 'Fay Example' }));
    const token = conforms('POST /api/tokens', await c.post('/api/tokens', { name: 'cli', scopes: ['read'], expiresInDays: 1, currentPassword: 'secret-pw-1' }));
    expect(token.status).toBe(201);
    conforms('GET /api/tokens', await c.get('/api/tokens'));
    conforms('DELETE /api/tokens/:id', await c.request('DELETE', `/api/tokens/${(token.body as { id: string }).id}`));
    const visitor = server.client();
    conforms('POST /api/auth/login', await visitor.post('/api/auth/login', { username: fay.user.username, password: 'secret-pw-1' }));
    const name = uniqueName('reg');
    const registered = conforms('POST /api/auth/register', await server.client().post('/api/auth/register', { email: `${name}@example.com`, username: name, password: 'secret-pw-2', confirmPassword: 'secret-pw-2' }));
    expect(registered.status).toBe(201);
    const accounts = conforms('GET /api/accounts', await c.get('/api/accounts'));
    expect((accounts.body as { id: string }[]).map((a) => a.id)).toContain(target.id);
    conforms('GET /api/accounts/:id', await c.get(`/api/accounts/${target.id}`));
    const connected = conforms('GET /api/connected-accounts', await c.get('/api/connected-accounts'));
    expect((connected.body as { id: string }[]).map((a) => a.id)).toEqual([fay.connectedAccountId]);
    conforms('GET /api/x/accounts', await c.get('/api/x/accounts'));

    const template = conforms('POST /api/templates', await c.post('/api/templates', { name: 'Thanks', content: 'Thanks @somebody for this' }));
    expect(template.status).toBe(201);
    const templateId = (template.body as { id: string }).id;
    conforms('GET /api/templates', await c.get('/api/templates'));
    conforms('GET /api/templates/:id', await c.get(`/api/templates/${templateId}`));
    const spare = await c.post('/api/templates', { name: 'Spare', content: 'A spare one' });
    const spareId = (spare.body as { id: string }).id;
    expect(conforms('PUT /api/templates/:id', await c.put(`/api/templates/${spareId}`, { content: 'A spare one, @edited' })).status).toBe(200);
    const group = conforms('POST /api/template-groups', await c.post('/api/template-groups', { name: 'Rotation', templateIds: [templateId] }));
    expect(group.status).toBe(201);
    const groupId = (group.body as { id: string }).id;
    conforms('GET /api/template-groups', await c.get('/api/template-groups'));
    conforms('GET /api/template-groups/:id', await c.get(`/api/template-groups/${groupId}`));
    conforms('PUT /api/template-groups/:id', await c.put(`/api/template-groups/${groupId}`, { description: 'Two in turn' }));
    const ordered = conforms('PUT /api/template-groups/:id/templates', await c.put(`/api/template-groups/${groupId}/templates`, { templateIds: [spareId, templateId] }));
    expect((ordered.body as { templateIds: string[] }).templateIds).toEqual([spareId, templateId]);
    conforms('DELETE /api/template-groups/:id', await c.request('DELETE', `/api/template-groups/${groupId}`));
    conforms('DELETE /api/templates/:id', await c.request('DELETE', `/api/templates/${spareId}`));
    conforms('GET /api/user/accounts', await c.get('/api/user/accounts'));

    // A schedule due soon, answering the target's next post (no mention: assisted delivery, a ready reply).
    emulator.control.post(target.username, 'A post that mentions nobody');
    const at = new Date(world.serverNow() + 3 * 60_000);
    at.setUTCSeconds(0, 0);
    const made = conforms(
      'POST /api/schedules',
      await c.post('/api/schedules', { accountId: target.id, connectedAccountId: fay.connectedAccountId, templateId, scheduleType: 'scheduled', scheduledTime: at.toISOString(), isRecurring: false }),
    );
    expect(made.status).toBe(201);
    const scheduleId = (made.body as { id: string }).id;
    conforms('GET /api/schedules', await c.get('/api/schedules'));
    conforms('GET /api/schedules/:id', await c.get(`/api/schedules/${scheduleId}`));
    conforms('GET /api/v2/schedules', await c.get('/api/v2/schedules'));

    const bulk = conforms('POST /api/bulk-replies', await c.post('/api/bulk-replies', bulkEntry(target.id, fay.connectedAccountId, { customReplyText: 'A bulk reply to @someone' })));
    expect(bulk.status).toBe(201);
    const batch = conforms('POST /api/bulk-replies/batch', await c.post('/api/bulk-replies/batch', { entries: [bulkEntry(target.id, fay.connectedAccountId, { customReplyText: 'Batched', scheduledDate: dateIn(5) })] }));
    expect(batch.status).toBe(201);
    const entries = [bulkEntry(target.id, fay.connectedAccountId, { customReplyText: 'Imported one' }), bulkEntry(target.id, fay.connectedAccountId, { customReplyText: 'Imported two', scheduledDate: dateIn(4) })];
    expect(conforms('POST /api/schedules/import', await c.post('/api/schedules/import', { entries, dryRun: true })).status).toBe(200);
    expect(conforms('POST /api/schedules/import', await c.post('/api/schedules/import', { entries, dryRun: false })).status).toBe(201);

    // The scheduler runs it: a ready reply, in the lists and the queue.
    world.moveClockTo(at.getTime());
    const ready = await world.replyOfSchedule(c, scheduleId, (r) => r.status === 'ready');
    conforms('GET /api/replies', await c.get('/api/replies'));
    conforms('GET /api/replies', await c.get(`/api/replies?search=${encodeURIComponent('Thanks')}&page=1&limit=10`));
    const queue = conforms('GET /api/replies/ready', await c.get('/api/replies/ready'));
    expect((queue.body as { items: ReplyView[] }).items.map((r) => r.id)).toContain(ready.id);
    conforms('GET /api/schedules/:id/replies', await c.get(`/api/schedules/${scheduleId}/replies`));
    const marked = conforms('POST /api/replies/:id/mark-sent', await c.post(`/api/replies/${ready.id}/mark-sent`, { replyUrl: 'https://x.com/fay/status/1234567890123' }));
    expect(marked.body).toMatchObject({ id: ready.id, status: 'sent' });
    conforms('GET /api/schedules/:id/replies', await c.get(`/api/schedules/${scheduleId}/replies`));

    // A second ready reply, skipped.
    emulator.control.post(target.username, 'Another post that mentions nobody');
    const second = await world.scheduleDueNow(c, target.id, fay.connectedAccountId);
    world.moveClockTo(second.at);
    const readyTwo = await world.replyOfSchedule(c, second.scheduleId, (r) => r.status === 'ready');
    const skipped = conforms('POST /api/replies/:id/skip', await c.post(`/api/replies/${readyTwo.id}/skip`, {}));
    expect(skipped.body).toMatchObject({ id: readyTwo.id, status: 'skipped' });

    conforms('GET /api/accounts/activity', await c.get('/api/accounts/activity'));
    conforms('GET /api/replies/summary', await c.get('/api/replies/summary'));
    conforms('GET /api/metrics/overview', await c.get('/api/metrics/overview'));
    const activity = conforms('GET /api/dashboard/activity', await c.get('/api/dashboard/activity?days=7'));
    expect((activity.body as { days: unknown[] }).days).toHaveLength(7);

    // An admin reads the history of the user and of the schedule.
    conforms('GET /api/admin/audit/users/:username', await admin.get(`/api/admin/audit/users/${fay.user.username}`));
    const history = conforms('GET /api/admin/audit/schedules/:id', await admin.get(`/api/admin/audit/schedules/${scheduleId}?limit=50`));
    const entriesSeen = (history.body as { entries: { stream: string; position: string; replayable: boolean }[] }).entries;
    expect(entriesSeen.length).toBeGreaterThan(0);
    const moment = entriesSeen.find((e) => e.replayable);
    expect(moment).toBeDefined();
    const asOf = conforms('GET /api/admin/audit/state', await admin.get(`/api/admin/audit/state?stream=${encodeURIComponent(moment?.stream ?? '')}&position=${moment?.position ?? ''}`));
    expect(asOf.body).toMatchObject({ stream: moment?.stream, asOf: { position: moment?.position } });

    // The bulk entry has not run yet: it may be deleted.
    const deleted = conforms('DELETE /api/schedules/:id', await c.request('DELETE', `/api/schedules/${(bulk.body as { id: string }).id}`));
    expect(deleted.status).toBe(204);

    // Every route on the list had a real answer checked.
    expect(MUST_DOCUMENT.filter((route) => !checked.has(route))).toEqual([]);
  }, 90_000);
});
