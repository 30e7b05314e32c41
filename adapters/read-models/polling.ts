/**
 * The polling settings read model: its projection (core/polling/projection.ts, the
 * `polling_settings` table) and every query over that table, side by side. Nothing else names the
 * table (ADR 0018). Who changed a setting is answered by name, asked of the users read module.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { pollingSettingsFrom, pollingSettingsProjection, pollingSettingViews, type PollingCategory, type PollingSettings } from '@core/polling';
import type { PollingSettingView, StoredSetting } from '@core/polling/views';
import { usernamesByIds } from './users';

export { pollingSettingsProjection };
export type { PollingSettingView };

interface SettingRow {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

const rows = (db: ReadDb): SettingRow[] => db.prepare<[], SettingRow>('SELECT key, value, updated_at, updated_by FROM polling_settings').all();

/** Every setting (or one category's), defaults included, with who changed it last and when. */
export const listPollingSettings = (db: ReadDb, category?: PollingCategory): PollingSettingView[] => {
  const stored = rows(db);
  const names = usernamesByIds(db, [...new Set(stored.map((r) => r.updated_by).filter((id): id is string => id !== null))]);
  const byKey = new Map<string, StoredSetting>(
    stored.map((r) => [r.key, { value: r.value, updatedAt: r.updated_at, updatedBy: r.updated_by === null ? null : (names.get(r.updated_by) ?? null) }]),
  );
  return pollingSettingViews(byKey, category);
};

/** The settings as typed values, for the rules (core/polling/interval.ts). */
export const currentPollingSettings = (db: ReadDb): PollingSettings => pollingSettingsFrom(Object.fromEntries(rows(db).map((r) => [r.key, r.value])));
