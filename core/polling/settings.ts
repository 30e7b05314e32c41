/**
 * Polling settings as events: one stream (`polling-settings`) holding every change an admin made,
 * so who changed what, from what, and when is kept (the events' metadata carry the actor and the
 * time). Settings nobody changed hold their catalogue defaults without any event.
 *
 * A change is validated by the setting's type and bounds, and against the tiers' order: in every
 * period a high-tier account is read at least as often as a standard one, and a standard one at
 * least as often as a low one. Protected settings (requiresXAuth) need the X Admin step-up, which
 * the server checks and passes in (docs/adr/0022-x-admin-step-up.md).
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import { MONITORING_TIERS, TIER_LABELS } from '@core/monitoring/tiers';
import { DEFAULT_VALUES, PERIOD_IN_WORDS, POLLING_PERIODS, settingDefinition, type SettingDefinition } from './catalogue';
import { pollingSettingsFrom } from './interval';
import { POLLING_MESSAGES } from './messages';

export const POLLING_SETTINGS_STREAM = 'polling-settings';

export type PollingSettingsCommand = {
  type: 'ChangePollingSetting';
  key: string;
  value: string;
  /** True when the admin's session passed the X Admin step-up (checked by the server). */
  xAdminVerified: boolean;
};

export type PollingSettingsEvent = { type: 'PollingSettingChanged'; data: { key: string; value: string; previous: string } };

export const POLLING_SETTINGS_EVENT_TYPES = ['PollingSettingChanged'] as const satisfies readonly PollingSettingsEvent['type'][];

/** The values admins changed (keys absent hold their defaults). */
export interface PollingSettingsState {
  values: Readonly<Record<string, string>>;
}

const invalid = (message: string) => new AppError('validation', message, { field: 'value', reason: 'INVALID_SETTING' });

/** The value in its stored form, or a validation error naming the setting and what it accepts. */
export const validateSettingValue = (definition: SettingDefinition, value: string): string => {
  const v = value.trim();
  switch (definition.type) {
    case 'boolean':
      if (v !== 'true' && v !== 'false') throw invalid(`${definition.displayName} must be true or false`);
      return v;
    case 'number': {
      const min = definition.min ?? 0;
      const max = definition.max ?? Number.MAX_SAFE_INTEGER;
      const n = /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
      if (!(n >= min && n <= max)) throw invalid(`${definition.displayName} must be a whole number from ${min} to ${max}`);
      return String(n);
    }
    default:
      return assertNever(definition.type, 'setting type');
  }
};

/** The first break of the tiers' order (high ≤ standard ≤ low in every period), as a message. */
export const tierOrderViolation = (values: Readonly<Record<string, string>>): string | null => {
  const { intervals } = pollingSettingsFrom(values);
  for (const period of POLLING_PERIODS) {
    for (let i = 1; i < MONITORING_TIERS.length; i++) {
      const faster = MONITORING_TIERS[i - 1]!;
      const slower = MONITORING_TIERS[i]!;
      const a = intervals[faster][period];
      const b = intervals[slower][period];
      if (a > b) {
        return (
          `${TIER_LABELS[faster]} tier must be read at least as often as ${TIER_LABELS[slower]} tier ` +
          `${PERIOD_IN_WORDS[period]} (${TIER_LABELS[faster].toLowerCase()} ${a}, ${TIER_LABELS[slower].toLowerCase()} ${b} minutes)`
        );
      }
    }
  }
  return null;
};

export const decidePollingSettings = (command: PollingSettingsCommand, state: PollingSettingsState): PollingSettingsEvent[] => {
  switch (command.type) {
    case 'ChangePollingSetting': {
      const definition = settingDefinition(command.key);
      if (definition === undefined) throw new AppError('not_found', POLLING_MESSAGES.notFound, { reason: 'SETTING_NOT_FOUND' });
      if (definition.requiresXAuth && !command.xAdminVerified) {
        throw new AppError('forbidden', POLLING_MESSAGES.authRequiredSetting, { reason: 'X_ADMIN_REQUIRED' });
      }
      const value = validateSettingValue(definition, command.value);
      const previous = state.values[command.key] ?? definition.defaultValue;
      if (value === previous) return [];
      const violation = tierOrderViolation({ ...state.values, [command.key]: value });
      if (violation !== null) throw invalid(violation);
      return [{ type: 'PollingSettingChanged', data: { key: command.key, value, previous } }];
    }
    default:
      return assertNever(command.type, 'polling settings command');
  }
};

export const evolvePollingSettings = (state: PollingSettingsState, event: PollingSettingsEvent): PollingSettingsState => {
  switch (event.type) {
    case 'PollingSettingChanged':
      // A key a later catalogue dropped is kept but never read.
      return { values: { ...state.values, [event.data.key]: event.data.value } };
    default: {
      // Exhaustive at compile time; an event type from a newer version is ignored at run time.
      const _unknown: never = event.type;
      return state;
    }
  }
};

export const pollingSettingsDecider: Decider<PollingSettingsCommand, PollingSettingsEvent, PollingSettingsState> = {
  decide: decidePollingSettings,
  evolve: evolvePollingSettings,
  initialState: () => ({ values: {} }),
};

/** Every setting's current value (defaults for those never changed). */
export const currentValues = (state: PollingSettingsState): Record<string, string> => ({ ...DEFAULT_VALUES, ...state.values });
