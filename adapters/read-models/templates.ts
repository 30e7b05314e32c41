/**
 * The templates read models: their projections (core/templates/projection.ts: `templates`,
 * `template_groups`, `template_group_members`) and every query over those tables, side by side.
 * Nothing else names the tables; other capabilities and the scheduler's jobs call these functions
 * (ADR 0018).
 *
 * The lists are always filtered by the owner, so a user can only ever read their own rows; a row of
 * someone else is "not found".
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import type { ClassicStyle } from '@core/styles';
import { templateGroupsProjection as groupsBase, templatesProjection as templatesBase } from '@core/templates/projection';
import { erasingAccounts } from '@core/users/erasure';
import { pageOf, type Page, type PageWindow } from '@core/shared/paging';

import type { TemplateGroupView, TemplateView } from '@core/templates/views';
import { idList } from './id-list';

/** The projections, each also removing a deleted account's rows (ADR 0028). */
export const templatesProjection = erasingAccounts(templatesBase, (userId) => [{ sql: 'DELETE FROM templates WHERE user_id = @userId', params: { userId } }]);
export const templateGroupsProjection = erasingAccounts(groupsBase, (userId) => [
  { sql: 'DELETE FROM template_group_members WHERE template_group_id IN (SELECT id FROM template_groups WHERE user_id = @userId)', params: { userId } },
  { sql: 'DELETE FROM template_groups WHERE user_id = @userId', params: { userId } },
]);
export type { TemplateGroupView, TemplateView };

interface TemplateRow {
  id: string;
  user_id: string;
  name: string;
  content: string;
  image_url: string | null;
  is_active: number;
  use_ai: number;
  ai_tone: string | null;
  ai_max_length: number;
  viral_style: string;
  created_at: string;
  updated_at: string;
}

interface GroupRow {
  id: string;
  user_id: string;
  name: string;
  description: string | null;
  is_active: number;
  last_template_index: number;
  created_at: string;
  updated_at: string;
}

interface MemberRow {
  template_group_id: string;
  template_id: string;
  sort_order: number;
  name: string;
  is_active: number;
}

const toTemplate = (r: TemplateRow): TemplateView => ({
  id: r.id,
  name: r.name,
  content: r.content,
  imageUrl: r.image_url,
  isActive: r.is_active === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  userId: r.user_id,
  useAI: r.use_ai === 1,
  aiTone: r.ai_tone,
  aiMaxLength: r.ai_max_length,
  viralStyle: r.viral_style as ClassicStyle,
});

const TEMPLATE_COLUMNS =
  'id, user_id, name, content, image_url, is_active, use_ai, ai_tone, ai_max_length, viral_style, created_at, updated_at';

/** Newest first, like a list of things one writes (the page shows the latest at the top). */
export const listTemplates = (db: ReadDb, userId: string): TemplateView[] =>
  db
    .prepare<[string], TemplateRow>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC`,
    )
    .all(userId)
    .map(toTemplate);

/** One page of listTemplates' order (core/shared/paging.ts): only the page is read. */
export const listTemplatesPage = (db: ReadDb, userId: string, { offset, limit }: PageWindow): Page<TemplateView> => {
  const rows = db
    .prepare<[string, number, number], TemplateRow>(
      `SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, limit + 1, offset);
  const page = pageOf(rows, limit);
  return { items: page.items.map(toTemplate), more: page.more };
};

export const findTemplate = (db: ReadDb, userId: string, id: string): TemplateView | null => {
  const row = db
    .prepare<[string, string], TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM templates WHERE id = ? AND user_id = ? AND deleted_at IS NULL`)
    .get(id, userId);
  return row === undefined ? null : toTemplate(row);
};

const membersOf = (db: ReadDb, groupIds: readonly string[]): Map<string, MemberRow[]> => {
  const byGroup = new Map<string, MemberRow[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = db
    .prepare<string[], MemberRow>(
      `SELECT m.template_group_id, m.template_id, m.sort_order, t.name, t.is_active
         FROM template_group_members m JOIN templates t ON t.id = m.template_id AND t.deleted_at IS NULL
        WHERE m.template_group_id IN (${groupIds.map(() => '?').join(', ')})
        ORDER BY m.sort_order`,
    )
    .all(...groupIds);
  for (const row of rows) byGroup.set(row.template_group_id, [...(byGroup.get(row.template_group_id) ?? []), row]);
  return byGroup;
};

const toGroup = (r: GroupRow, members: readonly MemberRow[]): TemplateGroupView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  isActive: r.is_active === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  userId: r.user_id,
  lastTemplateIndex: r.last_template_index,
  templateIds: members.map((m) => m.template_id),
  templates: members.map((m) => ({ id: m.template_id, name: m.name, isActive: m.is_active === 1, sortOrder: m.sort_order })),
});

const GROUP_COLUMNS = 'id, user_id, name, description, is_active, last_template_index, created_at, updated_at';

const withMembers = (db: ReadDb, rows: readonly GroupRow[]): TemplateGroupView[] => {
  const members = membersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toGroup(r, members.get(r.id) ?? []));
};

export const listTemplateGroups = (db: ReadDb, userId: string): TemplateGroupView[] =>
  withMembers(
    db,
    db
      .prepare<[string], GroupRow>(`SELECT ${GROUP_COLUMNS} FROM template_groups WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC`)
      .all(userId),
  );

/** One page of listTemplateGroups' order, its members read for that page only. */
export const listTemplateGroupsPage = (db: ReadDb, userId: string, { offset, limit }: PageWindow): Page<TemplateGroupView> => {
  const rows = db
    .prepare<[string, number, number], GroupRow>(
      `SELECT ${GROUP_COLUMNS} FROM template_groups WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, limit + 1, offset);
  const page = pageOf(rows, limit);
  return { items: withMembers(db, page.items), more: page.more };
};

export const findTemplateGroup = (db: ReadDb, userId: string, id: string): TemplateGroupView | null => {
  const row = db
    .prepare<[string, string], GroupRow>(`SELECT ${GROUP_COLUMNS} FROM template_groups WHERE id = ? AND user_id = ? AND deleted_at IS NULL`)
    .get(id, userId);
  return row === undefined ? null : toGroup(row, membersOf(db, [id]).get(id) ?? []);
};

const namesOf = (rows: readonly { id: string; name: string }[]): Map<string, string> => new Map(rows.map((r) => [r.id, r.name]));

/**
 * The names of these templates, deleted ones included (a schedule still shows the template it was
 * made from), for whoever lists things that name a template.
 */
export const templateNamesByIds = (db: ReadDb, ids: readonly string[]): Map<string, string> =>
  ids.length === 0
    ? new Map()
    : namesOf(db.prepare<[string], { id: string; name: string }>('SELECT id, name FROM templates WHERE id IN (SELECT value FROM json_each(?))').all(idList(ids)));

/** The names of these template groups, deleted ones included (as `templateNamesByIds`). */
export const templateGroupNamesByIds = (db: ReadDb, ids: readonly string[]): Map<string, string> =>
  ids.length === 0
    ? new Map()
    : namesOf(db.prepare<[string], { id: string; name: string }>('SELECT id, name FROM template_groups WHERE id IN (SELECT value FROM json_each(?))').all(idList(ids)));

/** The image addresses live (not deleted) templates name, each once. */
export const templateImageUrls = (db: ReadDb): string[] =>
  db.prepare<[], string>('SELECT DISTINCT image_url FROM templates WHERE deleted_at IS NULL AND image_url IS NOT NULL').pluck().all();
