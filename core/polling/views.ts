/**
 * What GET /api/admin/polling-settings answers (spec part 2 §3 "Polling setting"), plus what the
 * page needs to render a setting (unit and bounds). Derived in one place from the catalogue and
 * the stored changes, for the read module and the web app.
 */
import { SETTING_DEFINITIONS, type PollingCategory, type SettingType, type SettingUnit } from './catalogue';

export interface PollingSettingView {
  id: string;
  category: PollingCategory;
  settingKey: string;
  /** Always a string; booleans are 'true' or 'false'. */
  settingValue: string;
  settingType: SettingType;
  unit: SettingUnit | null;
  min: number | null;
  max: number | null;
  defaultValue: string;
  displayName: string;
  description: string;
  requiresXAuth: boolean;
  /** Null while the setting holds its default. */
  updatedAt: string | null;
  /** Username of the admin who changed it last (null: the default, or a user since deleted). */
  updatedBy: string | null;
}

export interface StoredSetting {
  value: string;
  updatedAt: string;
  updatedBy: string | null;
}

export const pollingSettingViews = (stored: ReadonlyMap<string, StoredSetting>, category?: PollingCategory): PollingSettingView[] =>
  SETTING_DEFINITIONS.filter((d) => category === undefined || d.category === category).map((d) => {
    const s = stored.get(d.key);
    return {
      id: d.key,
      category: d.category,
      settingKey: d.key,
      settingValue: s?.value ?? d.defaultValue,
      settingType: d.type,
      unit: d.unit,
      min: d.min,
      max: d.max,
      defaultValue: d.defaultValue,
      displayName: d.displayName,
      description: d.description,
      requiresXAuth: d.requiresXAuth,
      updatedAt: s?.updatedAt ?? null,
      updatedBy: s?.updatedBy ?? null,
    };
  });
