/**
 * Sending to X for the whole installation: on or paused. X refuses every call of an app whose
 * pay-per-use credits are used up (402 CreditsDepleted) or whose keys belong to no enrolled project
 * (403 client-not-enrolled): no reply of any user can go out until an admin acts at X. So the first
 * such answer pauses sending for every scheduler (one stream, `x-sending`), the admins are told, and
 * a probe lifts the pause once X answers again. Replies caught by it wait (rate limited) and go out
 * when sending resumes, instead of each failing on its own.
 */
import { z } from 'zod';
import type { Decider } from '@core/shared/decider';
import type { Instant } from '@core/scheduling/time';

export const X_SENDING_STREAM = 'x-sending';

/** Why X refuses the app as a whole. */
export type XSendingPauseReason = 'credits_depleted' | 'client_not_enrolled';

/** How often a paused installation asks X whether it answers again (one cheap read). */
export const X_SENDING_PROBE_EVERY_MS = 5 * 60_000;

export type XSendingEvent =
  | { type: 'XSendingPaused'; data: { reason: XSendingPauseReason; detail: string | null; at: Instant } }
  | { type: 'XSendingResumed'; data: { reason: XSendingPauseReason; pausedAt: Instant; at: Instant } };

export const X_SENDING_EVENT_TYPES = ['XSendingPaused', 'XSendingResumed'] as const;

export type XSendingCommand =
  | { type: 'PauseSending'; reason: XSendingPauseReason; detail: string | null; now: Instant }
  | { type: 'ResumeSending'; now: Instant };

export type XSendingState = { status: 'on' } | { status: 'paused'; reason: XSendingPauseReason; detail: string | null; since: Instant };

export const X_SENDING_MESSAGES = {
  paused: (reason: XSendingPauseReason): string =>
    reason === 'credits_depleted'
      ? 'X credits are used up: sending to X is paused for every account until credits are added at developer.x.com'
      : "X refused this app's keys (not enrolled in a project with API access): sending to X is paused until the app is enrolled at developer.x.com",
  held: (reason: XSendingPauseReason): string =>
    reason === 'credits_depleted' ? 'Waiting: X credits are used up; it goes out once sending resumes' : 'Waiting: X refused the app; it goes out once sending resumes',
} as const;

export const xSendingDecider: Decider<XSendingCommand, XSendingEvent, XSendingState> = {
  initialState: () => ({ status: 'on' }),
  decide: (command, state) => {
    switch (command.type) {
      case 'PauseSending':
        // Paused already (by this or another scheduler): the first pause and its time stand.
        if (state.status === 'paused') return [];
        return [{ type: 'XSendingPaused', data: { reason: command.reason, detail: command.detail, at: command.now } }];
      case 'ResumeSending':
        if (state.status === 'on') return [];
        return [{ type: 'XSendingResumed', data: { reason: state.reason, pausedAt: state.since, at: command.now } }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'XSendingPaused':
        return { status: 'paused', reason: event.data.reason, detail: event.data.detail, since: event.data.at };
      case 'XSendingResumed':
        return { status: 'on' };
      default:
        return state;
    }
  },
};

/** What the admins' banner and the dispatcher read (the projection's one row). */
export const xSendingViewSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('on'), resumedAt: z.string().nullable() }),
  z.object({
    state: z.literal('paused'),
    reason: z.enum(['credits_depleted', 'client_not_enrolled']),
    /** Our words, for the banner. */
    message: z.string(),
    /** X's own words, when it gave any. */
    detail: z.string().nullable(),
    since: z.string(),
  }),
]);
export type XSendingView = z.infer<typeof xSendingViewSchema>;
