/**
 * Read models of templates and template groups (SQLite, see core/shared/projection.ts).
 *
 * - `templates`: one row per template; a deleted template keeps its row with `deleted_at` set, so
 *   schedules and history can still show its name. Lists filter `deleted_at IS NULL`.
 * - `template_groups`: one row per group, `deleted_at` likewise.
 * - `template_group_members`: the group mapping of spec §3 (id, group, template, sort_order,
 *   created_at). A template deleted after it was added stays listed here (the group's stream still
 *   holds it, and rotation skips it); queries join `templates` on `deleted_at IS NULL`.
 *
 * createdAt/updatedAt come from the events' metadata time. Booleans are stored as 0/1.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { assertNever } from '@core/shared/decider';
import { TEMPLATE_EVENT_TYPES, type TemplateEvent } from './template';
import { TEMPLATE_GROUP_EVENT_TYPES, type TemplateGroupEvent } from './group';

/** The recorded form of a domain event union. */
export type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

const bit = (b: boolean): number => (b ? 1 : 0);

export const templatesProjection: Projection<Recorded<TemplateEvent>> = {
  name: 'templates',
  version: 1,
  schema: [
    `CREATE TABLE templates (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      name TEXT NOT NULL,
      content TEXT NOT NULL,
      image_url TEXT,
      is_active INTEGER NOT NULL,
      use_ai INTEGER NOT NULL,
      ai_tone TEXT,
      ai_max_length INTEGER NOT NULL,
      viral_style TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      deleted_at TEXT
    )`,
    'CREATE INDEX templates_by_user ON templates (user_id, deleted_at, created_at)',
  ],
  handles: TEMPLATE_EVENT_TYPES,
  project(event): SqlStatement[] {
    const time = event.metadata.time;
    switch (event.type) {
      case 'TemplateCreated':
      case 'TemplateUpdated': {
        const d = event.data;
        const params = {
          id: d.templateId,
          user_id: d.userId,
          name: d.name,
          content: d.content,
          image_url: d.imageUrl,
          is_active: bit(d.isActive),
          use_ai: bit(d.useAI),
          ai_tone: d.aiTone,
          ai_max_length: d.aiMaxLength,
          viral_style: d.viralStyle,
          time,
        };
        if (event.type === 'TemplateCreated') {
          return [
            {
              sql: `INSERT INTO templates (id, user_id, name, content, image_url, is_active, use_ai, ai_tone, ai_max_length, viral_style, created_at, updated_at)
                    VALUES (@id, @user_id, @name, @content, @image_url, @is_active, @use_ai, @ai_tone, @ai_max_length, @viral_style, @time, @time)`,
              params,
            },
          ];
        }
        return [
          {
            sql: `UPDATE templates SET name = @name, content = @content, image_url = @image_url, is_active = @is_active, use_ai = @use_ai,
                    ai_tone = @ai_tone, ai_max_length = @ai_max_length, viral_style = @viral_style, updated_at = @time
                  WHERE id = @id AND user_id = @user_id`,
            params,
          },
        ];
      }
      case 'TemplateDeleted':
        return [{ sql: 'UPDATE templates SET deleted_at = @time, updated_at = @time WHERE id = @id', params: { id: event.data.templateId, time } }];
      default:
        return assertNever(event, 'template event');
    }
  },
};

/** Upserts every member's position; a new member's row takes this event's time. */
const writeOrder = (groupId: string, templateIds: readonly string[], time: string): SqlStatement[] =>
  templateIds.map((templateId, sortOrder) => ({
    sql: `INSERT INTO template_group_members (id, template_group_id, template_id, sort_order, created_at)
          VALUES (@id, @group_id, @template_id, @sort_order, @time)
          ON CONFLICT (template_group_id, template_id) DO UPDATE SET sort_order = excluded.sort_order`,
    params: { id: `${groupId}:${templateId}`, group_id: groupId, template_id: templateId, sort_order: sortOrder, time },
  }));

const touch = (groupId: string, time: string, lastTemplateIndex: number): SqlStatement => ({
  sql: 'UPDATE template_groups SET last_template_index = @last, updated_at = @time WHERE id = @id',
  params: { id: groupId, last: lastTemplateIndex, time },
});

export const templateGroupsProjection: Projection<Recorded<TemplateGroupEvent>> = {
  name: 'template_groups',
  version: 1,
  schema: [
    `CREATE TABLE template_groups (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      name TEXT NOT NULL,
      description TEXT,
      is_active INTEGER NOT NULL,
      last_template_index INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      deleted_at TEXT
    )`,
    'CREATE INDEX template_groups_by_user ON template_groups (user_id, deleted_at, created_at)',
    `CREATE TABLE template_group_members (
      id TEXT PRIMARY KEY,
      template_group_id TEXT NOT NULL,
      template_id TEXT NOT NULL,
      sort_order INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      UNIQUE (template_group_id, template_id)
    )`,
    'CREATE INDEX template_group_members_by_template ON template_group_members (template_id)',
  ],
  handles: TEMPLATE_GROUP_EVENT_TYPES,
  project(event): SqlStatement[] {
    const time = event.metadata.time;
    switch (event.type) {
      case 'TemplateGroupCreated': {
        const d = event.data;
        return [
          {
            sql: `INSERT INTO template_groups (id, user_id, name, description, is_active, last_template_index, created_at, updated_at)
                  VALUES (@id, @user_id, @name, @description, @is_active, 0, @time, @time)`,
            params: { id: d.groupId, user_id: d.userId, name: d.name, description: d.description, is_active: bit(d.isActive), time },
          },
        ];
      }
      case 'TemplateGroupUpdated': {
        const d = event.data;
        return [
          {
            sql: 'UPDATE template_groups SET name = @name, description = @description, is_active = @is_active, updated_at = @time WHERE id = @id',
            params: { id: d.groupId, name: d.name, description: d.description, is_active: bit(d.isActive), time },
          },
        ];
      }
      case 'TemplateGroupDeleted':
        return [
          { sql: 'UPDATE template_groups SET deleted_at = @time, updated_at = @time WHERE id = @id', params: { id: event.data.groupId, time } },
          { sql: 'DELETE FROM template_group_members WHERE template_group_id = @id', params: { id: event.data.groupId } },
        ];
      case 'TemplateAddedToGroup':
      case 'TemplateGroupReordered':
        return [...writeOrder(event.data.groupId, event.data.templateIds, time), touch(event.data.groupId, time, event.data.lastTemplateIndex)];
      case 'TemplateRemovedFromGroup':
        return [
          {
            sql: 'DELETE FROM template_group_members WHERE template_group_id = @group_id AND template_id = @template_id',
            params: { group_id: event.data.groupId, template_id: event.data.templateId },
          },
          ...writeOrder(event.data.groupId, event.data.templateIds, time),
          touch(event.data.groupId, time, event.data.lastTemplateIndex),
        ];
      case 'TemplateGroupRotated':
        // Rotation is not an edit a user made: updated_at stays.
        return [
          {
            sql: 'UPDATE template_groups SET last_template_index = @last WHERE id = @id',
            params: { id: event.data.groupId, last: event.data.lastTemplateIndex },
          },
        ];
      default:
        return assertNever(event, 'template group event');
    }
  },
};
