/**
 * The polling settings an admin tunes (spec part 2 §3 "Polling setting", §9 admin settings rules):
 * one catalogue, so the decider, the read model, the API and the pages agree on every key.
 *
 * - tiers: minutes between two reads of an account, per tier (high / standard / low) and period.
 *   The defaults match the delivery hints the schedule forms show (core/scheduling/time/
 *   delivery-hints.ts): a standard account is read every 5 minutes at peak ('within 5–10
 *   minutes'), every 10 otherwise ('within 10-15 minutes'), less often overnight and at weekends.
 *   Changing them needs the X Admin step-up (requiresXAuth; docs/adr/0022-x-admin-step-up.md).
 * - schedule: the local hours that bound the periods, each window [start, end) and allowed to
 *   wrap midnight; equal start and end make the window empty. Weekends may use the weekday
 *   periods instead of their own intervals.
 * - limits: how many accounts one search may ask about, and whether accounts no schedule uses
 *   are read at all.
 *
 * Values are strings as the spec stores them (booleans 'true' / 'false').
 */
import { MONITORING_TIERS, TIER_LABELS, type MonitoringTier } from '@core/monitoring/tiers';

export const POLLING_PERIODS = ['peak', 'off_peak', 'overnight', 'weekend'] as const;
export type PollingPeriod = (typeof POLLING_PERIODS)[number];

export const PERIOD_LABELS: Readonly<Record<PollingPeriod, string>> = {
  peak: 'Peak hours',
  off_peak: 'Off-peak hours',
  overnight: 'Overnight',
  weekend: 'Weekend',
};

/** The period in a sentence: 'during peak hours', 'overnight', 'at weekends'. */
export const PERIOD_IN_WORDS: Readonly<Record<PollingPeriod, string>> = {
  peak: 'during peak hours',
  off_peak: 'during off-peak hours',
  overnight: 'overnight',
  weekend: 'at weekends',
};

export const POLLING_CATEGORIES = ['tiers', 'schedule', 'limits'] as const;
export type PollingCategory = (typeof POLLING_CATEGORIES)[number];

export const CATEGORY_LABELS: Readonly<Record<PollingCategory, string>> = {
  tiers: 'Tier intervals',
  schedule: 'Periods',
  limits: 'Limits',
};

export type SettingType = 'number' | 'boolean';
/** How a number is read: minutes between reads, a local hour (0-23), or a plain count. */
export type SettingUnit = 'minutes' | 'hour' | 'count';

export interface SettingDefinition {
  key: string;
  category: PollingCategory;
  type: SettingType;
  unit: SettingUnit | null;
  /** Inclusive bounds of a number setting; null for booleans. */
  min: number | null;
  max: number | null;
  defaultValue: string;
  displayName: string;
  description: string;
  requiresXAuth: boolean;
}

/** A day, in minutes: reading an account less often than daily is not polling any more. */
export const MAX_INTERVAL_MINUTES = 1440;

export const DEFAULT_INTERVALS: Readonly<Record<MonitoringTier, Readonly<Record<PollingPeriod, number>>>> = {
  high: { peak: 2, off_peak: 5, overnight: 15, weekend: 5 },
  standard: { peak: 5, off_peak: 10, overnight: 30, weekend: 15 },
  low: { peak: 15, off_peak: 30, overnight: 60, weekend: 30 },
};

export const intervalKey = (tier: MonitoringTier, period: PollingPeriod): string => `interval_${tier}_${period}`;

export const HOUR_KEYS = {
  morningPeakStart: 'morning_peak_start_hour',
  morningPeakEnd: 'morning_peak_end_hour',
  eveningPeakStart: 'evening_peak_start_hour',
  eveningPeakEnd: 'evening_peak_end_hour',
  overnightStart: 'overnight_start_hour',
  overnightEnd: 'overnight_end_hour',
} as const;

export const FLAG_KEYS = {
  weekendIntervals: 'weekend_uses_own_intervals',
  pollUnused: 'poll_unused_accounts',
  reviewUserAccounts: 'review_user_accounts',
} as const;

export const ACCOUNTS_PER_SEARCH_KEY = 'accounts_per_search';

const intervalDefinitions: SettingDefinition[] = MONITORING_TIERS.flatMap((tier) =>
  POLLING_PERIODS.map((period) => ({
    key: intervalKey(tier, period),
    category: 'tiers' as const,
    type: 'number' as const,
    unit: 'minutes' as const,
    min: 1,
    max: MAX_INTERVAL_MINUTES,
    defaultValue: String(DEFAULT_INTERVALS[tier][period]),
    displayName: `${TIER_LABELS[tier]} tier · ${PERIOD_LABELS[period]}`,
    description: `Minutes between two reads of a ${TIER_LABELS[tier].toLowerCase()}-tier account's posts ${PERIOD_IN_WORDS[period]}.`,
    requiresXAuth: true,
  })),
);

const hour = (key: string, value: number, displayName: string, description: string): SettingDefinition => ({
  key,
  category: 'schedule',
  type: 'number',
  unit: 'hour',
  min: 0,
  max: 23,
  defaultValue: String(value),
  displayName,
  description,
  requiresXAuth: false,
});

const flag = (key: string, category: PollingCategory, value: boolean, displayName: string, description: string): SettingDefinition => ({
  key,
  category,
  type: 'boolean',
  unit: null,
  min: null,
  max: null,
  defaultValue: String(value),
  displayName,
  description,
  requiresXAuth: false,
});

/** Every setting, in the order the pages list them. */
export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  ...intervalDefinitions,
  hour(HOUR_KEYS.morningPeakStart, 7, 'Morning peak starts', 'Local hour the morning peak begins.'),
  hour(HOUR_KEYS.morningPeakEnd, 11, 'Morning peak ends', 'Local hour the morning peak is over.'),
  hour(HOUR_KEYS.eveningPeakStart, 16, 'Evening peak starts', 'Local hour the evening peak begins.'),
  hour(HOUR_KEYS.eveningPeakEnd, 20, 'Evening peak ends', 'Local hour the evening peak is over.'),
  hour(HOUR_KEYS.overnightStart, 1, 'Overnight starts', 'Local hour the overnight period begins (it outranks every other period).'),
  hour(HOUR_KEYS.overnightEnd, 6, 'Overnight ends', 'Local hour the overnight period is over.'),
  flag(FLAG_KEYS.weekendIntervals, 'schedule', true, 'Weekend intervals', 'Saturdays and Sundays use the weekend intervals; when off, they follow the weekday periods.'),
  {
    key: ACCOUNTS_PER_SEARCH_KEY,
    category: 'limits',
    type: 'number',
    unit: 'count',
    min: 1,
    max: 20,
    defaultValue: '10',
    displayName: 'Accounts per search',
    description: 'Most accounts one search request asks X about (from:a OR from:b …).',
    requiresXAuth: false,
  },
  flag(FLAG_KEYS.pollUnused, 'limits', false, 'Read accounts no schedule uses', 'When off, accounts that no active schedule targets are not read.'),
  flag(
    FLAG_KEYS.reviewUserAccounts,
    'limits',
    true,
    'Review accounts users add',
    'When on, an account a user adds waits for an admin to approve it (it is not read until then); when off, it is approved and read at once.',
  ),
];

const byKey = new Map(SETTING_DEFINITIONS.map((d) => [d.key, d]));

export const settingDefinition = (key: string): SettingDefinition | undefined => byKey.get(key);

/** Every setting at its default: what holds before any admin changed anything. */
export const DEFAULT_VALUES: Readonly<Record<string, string>> = Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.key, d.defaultValue]));
