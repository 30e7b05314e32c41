/**
 * How often an account is read: its tier's interval for the period its local time falls in.
 *
 * Periods follow the delivery hints' precedence (core/scheduling/time/delivery-hints.ts, ADR 0009):
 * overnight outranks everything (the biggest delay), then the weekend (when weekends use their own
 * intervals), then the two peaks, else off-peak. Every window is [start, end) in local hours and
 * may wrap midnight; equal start and end make it empty.
 */
import type { MonitoringTier } from '@core/monitoring/tiers';
import { MONITORING_TIERS } from '@core/monitoring/tiers';
import {
  ACCOUNTS_PER_SEARCH_KEY,
  DEFAULT_VALUES,
  FLAG_KEYS,
  HOUR_KEYS,
  intervalKey,
  POLLING_PERIODS,
  type PollingPeriod,
} from './catalogue';

interface HourWindow {
  start: number;
  end: number;
}

/** The settings as typed values (what the rules read). */
export interface PollingSettings {
  intervals: Record<MonitoringTier, Record<PollingPeriod, number>>;
  morningPeak: HourWindow;
  eveningPeak: HourWindow;
  overnight: HourWindow;
  weekendUsesOwnIntervals: boolean;
  accountsPerSearch: number;
  pollUnusedAccounts: boolean;
  /** The admin's approval rule for accounts users add (core/monitoring/access.ts ApprovalRule). */
  userAccountsApproval: 'reviewed' | 'automatic';
}

/** A local moment as the rules need it: ISO weekday (1 Monday … 7 Sunday) and hour (0-23). */
export interface LocalTime {
  isoWeekday: number;
  hour: number;
}

/**
 * Typed settings from stored values (missing keys take their defaults). Values reach this point
 * only after the decider validated them, so a number parses.
 */
export const pollingSettingsFrom = (values: Readonly<Record<string, string>>): PollingSettings => {
  const raw = (key: string): string => values[key] ?? DEFAULT_VALUES[key] ?? '';
  const num = (key: string): number => Number(raw(key));
  const intervals = Object.fromEntries(
    MONITORING_TIERS.map((tier) => [tier, Object.fromEntries(POLLING_PERIODS.map((p) => [p, num(intervalKey(tier, p))]))]),
  ) as PollingSettings['intervals'];
  return {
    intervals,
    morningPeak: { start: num(HOUR_KEYS.morningPeakStart), end: num(HOUR_KEYS.morningPeakEnd) },
    eveningPeak: { start: num(HOUR_KEYS.eveningPeakStart), end: num(HOUR_KEYS.eveningPeakEnd) },
    overnight: { start: num(HOUR_KEYS.overnightStart), end: num(HOUR_KEYS.overnightEnd) },
    weekendUsesOwnIntervals: raw(FLAG_KEYS.weekendIntervals) === 'true',
    accountsPerSearch: num(ACCOUNTS_PER_SEARCH_KEY),
    pollUnusedAccounts: raw(FLAG_KEYS.pollUnused) === 'true',
    userAccountsApproval: raw(FLAG_KEYS.reviewUserAccounts) === 'false' ? 'automatic' : 'reviewed',
  };
};

export const DEFAULT_POLLING_SETTINGS: PollingSettings = pollingSettingsFrom({});

const within = (w: HourWindow, hour: number): boolean =>
  w.start === w.end ? false : w.start < w.end ? hour >= w.start && hour < w.end : hour >= w.start || hour < w.end;

/** The period a local time falls in under these settings. */
export const pollingPeriodAt = (time: LocalTime, settings: PollingSettings): PollingPeriod => {
  if (within(settings.overnight, time.hour)) return 'overnight';
  if (settings.weekendUsesOwnIntervals && (time.isoWeekday === 6 || time.isoWeekday === 7)) return 'weekend';
  if (within(settings.morningPeak, time.hour) || within(settings.eveningPeak, time.hour)) return 'peak';
  return 'off_peak';
};

/** Minutes between two reads of an account of this tier, in a period or at a local time. */
export const pollIntervalFor = (tier: MonitoringTier, when: PollingPeriod | LocalTime, settings: PollingSettings): number => {
  const period = typeof when === 'string' ? when : pollingPeriodAt(when, settings);
  return settings.intervals[tier][period];
};
