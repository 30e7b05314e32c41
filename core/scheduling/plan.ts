/**
 * When a plan runs: its first run from the creation instant, and the run after a recorded one.
 * Everything is computed in the schedule's zone (ADR 0009).
 */
import { AppError } from '@core/shared/errors';
import { assertNever } from '@core/shared/decider';
import {
  PEAK_WINDOW_DEFINITIONS,
  PEAK_WINDOWS,
  nextPeakSlotMs,
  nextRunMs,
  normaliseRecurrence,
  requireFuture,
  requireZone,
  toInstant,
  toMs,
  withTime,
  type Instant,
  type InstantInput,
  type Recurrence,
} from '@core/scheduling/time';
import { AUTO_DELAY_MAX_MINUTES, SCHEDULE_MESSAGES } from './messages';
import type { Plan } from './model';

/** The plan in its stored form (rules normalised, instants as ISO UTC); refuses what cannot run. */
export const normalisePlan = (plan: Plan): Plan => {
  switch (plan.kind) {
    case 'immediate':
      return { kind: 'immediate' };
    case 'once':
      return { kind: 'once', at: toInstant(toMs(plan.at, 'scheduledTime')) };
    case 'recurring':
      return { kind: 'recurring', rule: normaliseRecurrence(plan.rule) };
    case 'peak': {
      if (!PEAK_WINDOWS.includes(plan.window)) throw new AppError('validation', SCHEDULE_MESSAGES.peakWindowRequired, { field: 'peakWindowType' });
      if (plan.recurrence === null) return { kind: 'peak', window: plan.window, recurrence: null };
      const { time: _time, ...recurrence } = normaliseRecurrence(withTime(plan.recurrence, PEAK_WINDOW_DEFINITIONS[plan.window].postAt));
      return { kind: 'peak', window: plan.window, recurrence };
    }
    case 'auto':
      if (!Number.isInteger(plan.delayMinutes) || plan.delayMinutes < 0 || plan.delayMinutes > AUTO_DELAY_MAX_MINUTES)
        throw new AppError('validation', SCHEDULE_MESSAGES.delayRange, { field: 'delayMinutes' });
      return { kind: 'auto', delayMinutes: plan.delayMinutes };
    default:
      return assertNever(plan, 'plan');
  }
};

/** The recurring rule of a plan (a recurring peak plan runs at its window's posting time), or null. */
export const ruleOf = (plan: Plan): Recurrence | null => {
  if (plan.kind === 'recurring') return plan.rule;
  if (plan.kind === 'peak' && plan.recurrence !== null) return withTime(plan.recurrence, PEAK_WINDOW_DEFINITIONS[plan.window].postAt);
  return null;
};

/**
 * The first run of a new schedule created at `now`: now for immediate, the given time for once (which
 * must be in the future), the next run for recurring, the window's next slot for peak (or the
 * pattern's first day from that slot on), none for auto (it waits for a post).
 */
export const firstRun = (plan: Plan, now: InstantInput, zone: string): Instant | null => {
  const z = requireZone(zone);
  const nowMs = toMs(now, 'now');
  switch (plan.kind) {
    case 'immediate':
      return toInstant(nowMs);
    case 'once':
      requireFuture(plan.at, nowMs);
      return toInstant(toMs(plan.at));
    case 'recurring':
      return toInstant(nextRunMs(plan.rule, nowMs, z));
    case 'peak': {
      const slot = nextPeakSlotMs(plan.window, nowMs, z);
      const rule = ruleOf(plan);
      return toInstant(rule === null ? slot : nextRunMs(rule, slot - 1, z));
    }
    case 'auto':
      return null;
    default:
      return assertNever(plan, 'plan');
  }
};

/**
 * The run after the one planned for `slot`, recorded at `now`: the rule's next run after both (a run
 * recorded late never makes the missed runs due at once); null for plans that run once or on posts.
 */
export const runAfter = (plan: Plan, slot: InstantInput, now: InstantInput, zone: string): Instant | null => {
  const rule = ruleOf(plan);
  if (rule === null) return null;
  return toInstant(nextRunMs(rule, Math.max(toMs(slot, 'slot'), toMs(now, 'now')), requireZone(zone)));
};

/** When an auto schedule answers a post published at `postedAt`. */
export const autoDueAt = (plan: Extract<Plan, { kind: 'auto' }>, postedAt: InstantInput): Instant =>
  toInstant(toMs(postedAt, 'postedAt') + plan.delayMinutes * 60_000);
