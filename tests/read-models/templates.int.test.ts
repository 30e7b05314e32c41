// The templates and template-group projections through the real SQLite projector: events decided
// by the deciders, appended to an event store, projected into a read database, read back with SQL.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, Position } from '@core/eventstore/types';
import type { Decider } from '@core/shared/decider';
import { createMemoryEventStore } from '@adapters/eventstore-memory';
import { createProjector, type Projector } from '@adapters/projections-sqlite';
import {
  templateDecider,
  templateGroupDecider,
  templateGroupStream,
  templateGroupsProjection,
  templateInputSchema,
  templateStream,
  templatesProjection,
  type TemplateCommand,
  type TemplateGroupCommand,
} from '@core/templates';
import { parseOrThrow } from '@core/shared/parse';

const running: Projector[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.stop()));
});

let clock = Date.parse('2026-03-01T10:00:00.000Z');
const tick = () => new Date((clock += 60_000)).toISOString();

/** Read, fold, decide, append: the write path in its smallest form. */
const run = async <C, E extends { type: string; data: unknown }, S>(store: EventStore, stream: string, decider: Decider<C, E, S>, command: C): Promise<Position | null> => {
  const recorded = await store.readStream(stream);
  const state = recorded.map((r) => ({ type: r.type, data: r.data }) as E).reduce(decider.evolve, decider.initialState());
  const events = decider.decide(command, state);
  if (events.length === 0) return null;
  const time = tick();
  const last = recorded.at(-1);
  const result = await store.append(
    stream,
    events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { actor: 'u1', correlationId: randomUUID(), causationId: null, time } })),
    last === undefined ? 'no_stream' : last.revision,
  );
  return result.position;
};

const setup = async () => {
  const store = createMemoryEventStore();
  const projector = createProjector({ store, path: ':memory:', projections: [templatesProjection, templateGroupsProjection] });
  running.push(projector);
  await projector.start();
  const template = (command: TemplateCommand) => run(store, templateStream(command.templateId), templateDecider, command);
  const group = (command: TemplateGroupCommand) => run(store, templateGroupStream(command.groupId), templateGroupDecider, command);
  const settle = async (position: Position | null) => {
    if (position !== null) await projector.waitFor(position, 5000);
  };
  return { projector, template, group, settle };
};

const input = (name: string, content: string, extra: Record<string, unknown> = {}) => parseOrThrow(templateInputSchema, { name, content, ...extra });

describe('templates projection', () => {
  it('lists a user\'s live templates with their fields, times and defaults', async () => {
    const { projector, template, settle } = await setup();
    await template({ type: 'CreateTemplate', templateId: 't1', userId: 'u1', input: input('One', 'Hi @ann there') });
    await template({ type: 'CreateTemplate', templateId: 't2', userId: 'u1', input: input('Two', 'Second', { useAI: true, aiMaxLength: 1000, viralStyle: 'hot_take' }) });
    await template({ type: 'CreateTemplate', templateId: 't3', userId: 'u2', input: input('Theirs', 'Not yours') });
    await template({ type: 'UpdateTemplate', templateId: 't1', userId: 'u1', changes: { isActive: false } });
    await settle(await template({ type: 'DeleteTemplate', templateId: 't2', userId: 'u1' }));

    const rows = projector.db
      .prepare('SELECT id, name, content, is_active, use_ai, ai_max_length, viral_style, created_at, updated_at, deleted_at FROM templates WHERE user_id = ? ORDER BY created_at')
      .all('u1');
    expect(rows).toEqual([
      {
        id: 't1',
        name: 'One',
        content: 'Hi there',
        is_active: 0,
        use_ai: 0,
        ai_max_length: 280,
        viral_style: 'savage_comeback',
        created_at: '2026-03-01T10:01:00.000Z',
        updated_at: '2026-03-01T10:04:00.000Z',
        deleted_at: null,
      },
      {
        id: 't2',
        name: 'Two',
        content: 'Second',
        is_active: 1,
        use_ai: 1,
        ai_max_length: 1000,
        viral_style: 'hot_take',
        created_at: '2026-03-01T10:02:00.000Z',
        updated_at: '2026-03-01T10:05:00.000Z',
        deleted_at: '2026-03-01T10:05:00.000Z',
      },
    ]);
  });
});

describe('template groups projection', () => {
  it('keeps groups, their ordered members and the rotation cursor', async () => {
    const { projector, template, group, settle } = await setup();
    for (const id of ['a', 'b', 'c']) await template({ type: 'CreateTemplate', templateId: id, userId: 'u1', input: input(id, `text ${id}`) });
    await group({ type: 'CreateTemplateGroup', groupId: 'g1', userId: 'u1', input: { name: 'Openers', description: 'Short' } });
    for (const id of ['a', 'b', 'c']) await group({ type: 'AddTemplateToGroup', groupId: 'g1', userId: 'u1', templateId: id, template: { ownerId: 'u1', deleted: false } });
    await group({ type: 'RotateGroupTemplate', groupId: 'g1', userId: 'u1', templates: new Map([['a', { isActive: true }], ['b', { isActive: true }], ['c', { isActive: true }]]) });
    await group({ type: 'ReorderGroupTemplates', groupId: 'g1', userId: 'u1', templateIds: ['c', 'b', 'a'] });
    await group({ type: 'RemoveTemplateFromGroup', groupId: 'g1', userId: 'u1', templateId: 'c' });
    await settle(await group({ type: 'UpdateTemplateGroup', groupId: 'g1', userId: 'u1', changes: { name: 'Openers v2' } }));

    expect(projector.db.prepare('SELECT id, user_id, name, description, is_active, last_template_index FROM template_groups').all()).toEqual([
      { id: 'g1', user_id: 'u1', name: 'Openers v2', description: 'Short', is_active: 1, last_template_index: 0 },
    ]);
    const members = projector.db
      .prepare('SELECT id, template_id, sort_order FROM template_group_members WHERE template_group_id = ? ORDER BY sort_order')
      .all('g1');
    // After handing out 'a' the cursor pointed at 'b'; it follows 'b' through the reorder and the removal.
    expect(members).toEqual([
      { id: 'g1:b', template_id: 'b', sort_order: 0 },
      { id: 'g1:a', template_id: 'a', sort_order: 1 },
    ]);

    await settle(await group({ type: 'DeleteTemplateGroup', groupId: 'g1', userId: 'u1' }));
    expect(projector.db.prepare('SELECT deleted_at IS NOT NULL AS gone FROM template_groups WHERE id = ?').get('g1')).toEqual({ gone: 1 });
    expect(projector.db.prepare('SELECT count(*) AS n FROM template_group_members').get()).toEqual({ n: 0 });
  });

  it('rebuilds the same rows from the events', async () => {
    const { projector, template, group, settle } = await setup();
    await template({ type: 'CreateTemplate', templateId: 'a', userId: 'u1', input: input('a', 'x') });
    await group({ type: 'CreateTemplateGroup', groupId: 'g1', userId: 'u1', input: { name: 'G' } });
    await settle(await group({ type: 'AddTemplateToGroup', groupId: 'g1', userId: 'u1', templateId: 'a', template: { ownerId: 'u1', deleted: false } }));
    const snapshot = () => ({
      templates: projector.db.prepare('SELECT * FROM templates').all(),
      groups: projector.db.prepare('SELECT * FROM template_groups').all(),
      members: projector.db.prepare('SELECT * FROM template_group_members').all(),
    });
    const before = snapshot();
    await projector.rebuild();
    expect(snapshot()).toEqual(before);
  });
});
