/**
 * Monitoring tiers (spec part 2 §3, §9): how often a monitored account is polled. 'standard' is
 * the default and matches the stored default interval of 15 minutes; the spec names the tiers but
 * not the other intervals, so high and low are ours (docs/adr/0010-monitored-accounts.md). The
 * admin's polling settings may later override these defaults; an account keeps the interval it
 * was given until its tier changes again.
 */
import { z } from 'zod';

export const MONITORING_TIERS = ['high', 'standard', 'low'] as const;
export type MonitoringTier = (typeof MONITORING_TIERS)[number];

export const DEFAULT_MONITORING_TIER: MonitoringTier = 'standard';

/** Minutes between two polls of an account of each tier. */
export const TIER_INTERVALS: Readonly<Record<MonitoringTier, number>> = {
  high: 5,
  standard: 15,
  low: 60,
};

export const TIER_LABELS: Readonly<Record<MonitoringTier, string>> = {
  high: 'High',
  standard: 'Standard',
  low: 'Low',
};

export const monitoringTierSchema = z.enum(MONITORING_TIERS, { error: 'Tier must be one of high, standard or low' });

export const intervalOfTier = (tier: MonitoringTier): number => TIER_INTERVALS[tier];

/** Spec part 2 §8: a tier change without the X Admin step-up (docs/adr/0022-x-admin-step-up.md). */
export const X_ADMIN_REQUIRED_FOR_TIERS = 'X Admin authentication is required to change account tiers.';
