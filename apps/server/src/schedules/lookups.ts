/**
 * What a schedule refers to, checked against the read database before anything is written:
 *
 * - the target (a monitored account) must be visible to the user (core/monitoring's rule, the same
 *   WHERE clause the accounts list uses);
 * - the connected X account must be the user's own;
 * - the template or template group must be the user's own and not deleted;
 * - the image must be one the user uploaded here (core/images isOwnUpload, the rule templates use).
 *
 * Each lookup answers null for "no such thing for this user" and the caller turns that into a 404
 * that reads the same for someone else's id and an id that never existed. The other capabilities'
 * tables (`monitored_accounts`, `connected_accounts`) are read only when the read database has
 * them: a read database without that projection knows no such id, which is a 404, never a 500.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { isOwnUpload, type ImageStore } from '@core/images';
import { monitoringActorOf, visibleToSql } from '@core/monitoring/access';
import type { TierConfig } from '@core/users/tier';
import type { User } from '@core/users/state';

export interface NamedRef {
  id: string;
  name: string;
}

export interface ScheduleLookups {
  /** The monitored account `accountId` when the user may see it; `name` is its username. */
  target(user: User, accountId: string): NamedRef | null;
  /** The user's own connected X account; `name` is its username. */
  connectedAccount(userId: string, connectedAccountId: string): NamedRef | null;
  template(userId: string, templateId: string): NamedRef | null;
  templateGroup(userId: string, templateGroupId: string): NamedRef | null;
  /** True when `url` is not one of our uploads (an outside address) or an upload of this user's. */
  imageAllowed(userId: string, url: string): Promise<boolean>;
}

/** The columns of `table`, or an empty list when it does not exist (yet). */
const columnsOf = (db: ReadDb, table: string): string[] =>
  db.prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)').all(table).map((c) => c.name);

export const createScheduleLookups = (db: () => ReadDb, config: TierConfig, images: ImageStore): ScheduleLookups => ({
  target(user, accountId) {
    const cols = columnsOf(db(), 'monitored_accounts');
    if (!cols.includes('username')) return null;
    const visible = visibleToSql(monitoringActorOf(user, config));
    const row = db()
      .prepare<Record<string, unknown>, { id: string; username: string }>(
        `SELECT id, username FROM monitored_accounts WHERE id = @accountId AND ${visible.sql}`,
      )
      .get({ ...visible.params, accountId });
    return row === undefined ? null : { id: row.id, name: row.username };
  },

  connectedAccount(userId, connectedAccountId) {
    const cols = columnsOf(db(), 'connected_accounts');
    if (!cols.includes('user_id') || !cols.includes('username')) return null;
    // An account the user disconnected (or that X deactivated) cannot post for a new schedule.
    const active = cols.includes('is_active') ? ' AND is_active = 1' : '';
    const row = db()
      .prepare<[string, string], { id: string; username: string }>(
        `SELECT id, username FROM connected_accounts WHERE id = ? AND user_id = ?${active}`,
      )
      .get(connectedAccountId, userId);
    return row === undefined ? null : { id: row.id, name: row.username };
  },

  template(userId, templateId) {
    const row = db()
      .prepare<[string, string], NamedRef>('SELECT id, name FROM templates WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
      .get(templateId, userId);
    return row ?? null;
  },

  templateGroup(userId, templateGroupId) {
    const row = db()
      .prepare<[string, string], NamedRef>('SELECT id, name FROM template_groups WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
      .get(templateGroupId, userId);
    return row ?? null;
  },

  imageAllowed: (userId, url) => isOwnUpload(images, userId, url),
});
