/**
 * Templates and template groups over real HTTP against a real server (SQLite store, projections):
 * the spec's calls and defaults, every validation message with its field, mentions stripped and
 * reported, and isolation: another user's ids answer 404 and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type Client, type TestServer } from './support';

let server: TestServer;
let alice: Client;
let bob: Client;
let aliceId: string;

beforeAll(async () => {
  server = await startTestServer();
  const a = await server.newUser();
  alice = a.client;
  aliceId = a.user.id;
  bob = (await server.newUser()).client;
});
afterAll(async () => {
  await server?.close();
});

type Template = {
  id: string;
  name: string;
  content: string;
  isActive: boolean;
  useAI: boolean;
  aiMaxLength: number;
  viralStyle: string;
  userId: string;
  createdAt: string;
  updatedAt: string;
  imageUrl: string | null;
  aiTone: string | null;
  mentionsRemoved?: string[];
};
type Group = { id: string; name: string; description: string | null; isActive: boolean; templateIds: string[]; templates: { id: string; name: string }[] };

const del = (client: Client, path: string) => client.request('DELETE', path);

const create = async (client: Client, body: Record<string, unknown>): Promise<Template> => {
  const res = await client.post('/api/templates', body);
  expect(res.status).toBe(201);
  return res.body as Template;
};

describe('templates', () => {
  it('registers every call of the spec', () => {
    const keys = server.routes.map((r) => `${r.method} ${r.path}`);
    for (const k of [
      'GET /api/templates',
      'POST /api/templates',
      'PUT /api/templates/:id',
      'DELETE /api/templates/:id',
      'GET /api/template-groups',
      'POST /api/template-groups',
      'PUT /api/template-groups/:id',
      'DELETE /api/template-groups/:id',
      'PUT /api/template-groups/:id/templates',
    ]) {
      expect(keys).toContain(k);
    }
  });

  it('creates with the stored defaults and lists it, newest first', async () => {
    const first = await create(alice, { name: 'Opener', content: 'Great point, here is another angle.' });
    expect(first).toMatchObject({
      name: 'Opener',
      content: 'Great point, here is another angle.',
      isActive: true,
      useAI: false,
      aiMaxLength: 280,
      viralStyle: 'savage_comeback',
      imageUrl: null,
      aiTone: null,
      userId: aliceId,
      mentionsRemoved: [],
    });
    expect(Date.parse(first.createdAt)).not.toBeNaN();
    const second = await create(alice, { name: 'AI one', content: 'Rewrite me', useAI: true, viralStyle: 'hot_take', aiMaxLength: 4000, isActive: false });
    expect(second).toMatchObject({ useAI: true, viralStyle: 'hot_take', aiMaxLength: 4000, isActive: false });

    const list = await alice.get('/api/templates');
    expect(list.status).toBe(200);
    const ids = (list.body as Template[]).map((t) => t.id);
    expect(ids.slice(0, 2)).toEqual([second.id, first.id]);
    expect((list.body as Template[])[0]).not.toHaveProperty('mentionsRemoved');
  });

  it('clamps the AI max length into 50-4000 instead of refusing it', async () => {
    expect((await create(alice, { name: 'Low', content: 'x', aiMaxLength: 3 })).aiMaxLength).toBe(50);
    expect((await create(alice, { name: 'High', content: 'x', aiMaxLength: 99_999 })).aiMaxLength).toBe(4000);
  });

  it('strips @mentions on save and says which', async () => {
    const t = await create(alice, { name: 'Tagger', content: 'Thanks @jack and @Support_Team! Mail me at me@example.com' });
    expect(t.content).toBe('Thanks and! Mail me at me@example.com');
    expect(t.mentionsRemoved).toEqual(['@jack', '@Support_Team']);

    const put = await alice.put(`/api/templates/${t.id}`, { content: 'Hi @elonmusk, fair point' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ content: 'Hi, fair point', mentionsRemoved: ['@elonmusk'] });

    // A change that adds only a mention still reports it, though the stored text stays the same.
    const again = await alice.put(`/api/templates/${t.id}`, { content: 'Hi @someone, fair point' });
    expect(again.body).toMatchObject({ content: 'Hi, fair point', mentionsRemoved: ['@someone'] });
  });

  it('refuses content that is nothing but mentions', async () => {
    const res = await alice.post('/api/templates', { name: 'Only tags', content: '@a @b' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ message: 'Template content is required', field: 'content' });
  });

  it.each([
    [{ content: 'x' }, 'Template name is required', 'name'],
    [{ name: '   ', content: 'x' }, 'Template name is required', 'name'],
    [{ name: 'n' }, 'Template content is required', 'content'],
    [{ name: 'n', content: '   ' }, 'Template content is required', 'content'],
    [{ name: 'n', content: 'a'.repeat(25_001) }, 'Content cannot exceed 25000 characters', 'content'],
    [{ name: 'n'.repeat(101), content: 'x' }, 'Template name cannot exceed 100 characters', 'name'],
    [{ name: 'n', content: 'x', aiMaxLength: 'lots' }, 'AI max length must be a number', 'aiMaxLength'],
    [{ name: 'n', content: 'x', viralStyle: 'rude' }, expect.stringContaining('Choose one of: savage_comeback'), 'viralStyle'],
    [{ name: 'n', content: 'x', imageUrl: 'javascript:alert(1)' }, 'Image must be an image you uploaded to Riposte', 'imageUrl'],
  ])('refuses a bad template (case %#) with its message and field', async (body, message, field) => {
    const before = ((await alice.get('/api/templates')).body as Template[]).length;
    const res = await alice.post('/api/templates', body);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ message, field });
    expect(((await alice.get('/api/templates')).body as Template[]).length).toBe(before);
  });

  it('accepts exactly 25000 characters', async () => {
    const t = await create(alice, { name: 'Long', content: 'a'.repeat(25_000) });
    expect(t.content.length).toBe(25_000);
  });

  it('validates updates with the same messages', async () => {
    const t = await create(alice, { name: 'Edit me', content: 'before' });
    const empty = await alice.put(`/api/templates/${t.id}`, { name: '' });
    expect(empty.status).toBe(400);
    expect(errorOf(empty)).toMatchObject({ message: 'Template name is required', field: 'name' });
    const ok = await alice.put(`/api/templates/${t.id}`, { name: 'Edited', isActive: false, useAI: true });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: t.id, name: 'Edited', content: 'before', isActive: false, useAI: true, mentionsRemoved: [] });
  });

  it('deletes, after which the template is gone for every call', async () => {
    const t = await create(alice, { name: 'Doomed', content: 'bye' });
    const res = await del(alice, `/api/templates/${t.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: t.id });
    expect(((await alice.get('/api/templates')).body as Template[]).map((x) => x.id)).not.toContain(t.id);
    expect((await alice.put(`/api/templates/${t.id}`, { name: 'Back' })).status).toBe(404);
    expect((await alice.get(`/api/templates/${t.id}`)).status).toBe(404);
    // Deleting again is answered like the first time (idempotent for the owner).
    expect((await del(alice, `/api/templates/${t.id}`)).status).toBe(200);
  });

  it("answers 404 for another user's template and changes nothing", async () => {
    const t = await create(alice, { name: 'Mine', content: 'private words' });
    expect(((await bob.get('/api/templates')).body as Template[]).map((x) => x.id)).not.toContain(t.id);
    for (const res of [
      await bob.get(`/api/templates/${t.id}`),
      await bob.put(`/api/templates/${t.id}`, { name: 'Stolen' }),
      await del(bob, `/api/templates/${t.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(errorOf(res)).toMatchObject({ message: 'Template not found', code: 'TEMPLATE_NOT_FOUND' });
    }
    // The same answer as for an id that never existed, or one that could not be an id.
    expect(errorOf(await bob.put('/api/templates/00000000-0000-0000-0000-000000000000', { name: 'x' }))).toMatchObject({ message: 'Template not found' });
    expect((await bob.put('/api/templates/not%20an%20id', { name: 'x' })).status).toBe(404);
    expect((await alice.get(`/api/templates/${t.id}`)).body).toMatchObject({ name: 'Mine', content: 'private words' });
  });

  it('requires a session', async () => {
    expect((await server.client().get('/api/templates')).status).toBe(401);
    expect((await server.client().post('/api/templates', { name: 'n', content: 'c' })).status).toBe(401);
  });
});

describe('template groups', () => {
  const group = async (client: Client, body: Record<string, unknown>): Promise<Group> => {
    const res = await client.post('/api/template-groups', body);
    expect(res.status).toBe(201);
    return res.body as Group;
  };

  it('creates, renames, orders its templates, and deletes', async () => {
    const [a, b, c] = [
      await create(alice, { name: 'A', content: 'a' }),
      await create(alice, { name: 'B', content: 'b' }),
      await create(alice, { name: 'C', content: 'c' }),
    ];
    const g = await group(alice, { name: 'Rotation', description: 'Mornings' });
    expect(g).toMatchObject({ name: 'Rotation', description: 'Mornings', isActive: true, templateIds: [] });

    const set = await alice.put(`/api/template-groups/${g.id}/templates`, { templateIds: [a!.id, b!.id, c!.id] });
    expect(set.status).toBe(200);
    expect((set.body as Group).templateIds).toEqual([a!.id, b!.id, c!.id]);
    expect((set.body as Group).templates.map((t) => t.name)).toEqual(['A', 'B', 'C']);

    // Reorder and remove in one call.
    const next = await alice.put(`/api/template-groups/${g.id}/templates`, { templateIds: [c!.id, a!.id] });
    expect((next.body as Group).templateIds).toEqual([c!.id, a!.id]);

    const renamed = await alice.put(`/api/template-groups/${g.id}`, { name: 'Evenings', isActive: false, description: '' });
    expect(renamed.body).toMatchObject({ name: 'Evenings', isActive: false, description: null, templateIds: [c!.id, a!.id] });

    // A deleted template drops out of the group's list.
    await del(alice, `/api/templates/${a!.id}`);
    const list = (await alice.get('/api/template-groups')).body as Group[];
    expect(list.find((x) => x.id === g.id)?.templateIds).toEqual([c!.id]);

    expect((await del(alice, `/api/template-groups/${g.id}`)).body).toEqual({ success: true, id: g.id });
    expect(((await alice.get('/api/template-groups')).body as Group[]).map((x) => x.id)).not.toContain(g.id);
    expect((await alice.get(`/api/template-groups/${g.id}`)).status).toBe(404);
  });

  it.each([
    [{}, 'Group name is required', 'name'],
    [{ name: ' ' }, 'Group name is required', 'name'],
    [{ name: 'g'.repeat(101) }, 'Group name cannot exceed 100 characters', 'name'],
    [{ name: 'g', description: 'd'.repeat(501) }, 'Description cannot exceed 500 characters', 'description'],
  ])('refuses group %j with its message and field', async (body, message, field) => {
    const res = await alice.post('/api/template-groups', body);
    expect(res.status).toBe(400);
    expect(errorOf(res)).toMatchObject({ message, field });
  });

  it('refuses a list with repeats, and unknown templates', async () => {
    const t = await create(alice, { name: 'T', content: 't' });
    const g = await group(alice, { name: 'G' });
    const twice = await alice.put(`/api/template-groups/${g.id}/templates`, { templateIds: [t.id, t.id] });
    expect(twice.status).toBe(400);
    expect(errorOf(twice)).toMatchObject({ message: 'A template can appear only once in a group', field: 'templateIds' });
    const unknown = await alice.put(`/api/template-groups/${g.id}/templates`, { templateIds: ['00000000-0000-0000-0000-000000000000'] });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ message: 'Template not found', field: 'templateId' });
    expect(((await alice.get(`/api/template-groups/${g.id}`)).body as Group).templateIds).toEqual([]);
  });

  it("keeps users apart: another user's group is 404, and their templates cannot be added", async () => {
    const g = await group(alice, { name: 'Alice only' });
    const bobs = await create(bob, { name: 'Bob template', content: 'bob' });
    expect(((await bob.get('/api/template-groups')).body as Group[]).map((x) => x.id)).not.toContain(g.id);
    for (const res of [
      await bob.get(`/api/template-groups/${g.id}`),
      await bob.put(`/api/template-groups/${g.id}`, { name: 'Taken' }),
      await bob.put(`/api/template-groups/${g.id}/templates`, { templateIds: [bobs.id] }),
      await del(bob, `/api/template-groups/${g.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(errorOf(res).message).toBe('Template group not found');
    }
    // Alice adding Bob's template: not found, as if it did not exist.
    const cross = await alice.put(`/api/template-groups/${g.id}/templates`, { templateIds: [bobs.id] });
    expect(cross.status).toBe(404);
    expect(errorOf(cross).message).toBe('Template not found');
    expect((await alice.get(`/api/template-groups/${g.id}`)).body).toMatchObject({ name: 'Alice only', templateIds: [] });
  });
});
