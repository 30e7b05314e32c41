/**
 * A schedule: one stream per schedule (`schedule-{id}`). Events carry facts: what the user chose and
 * the resulting values decide computed (the next run time, the rotation cursor), so evolve and the
 * projection copy them and only decide computes. What lists show is derived from them (views.ts).
 * User commands carry the acting user; someone else's schedule answers not_found, never forbidden.
 */
import { assertNever } from '@core/shared/decider';
import type { Instant } from '@core/scheduling/time';
import type { ContentSource, Plan, ScheduleDraft } from './model';
import type { PostRule } from './post-rule';
import { upcastScheduleCreated } from './upcast';

export const scheduleStream = (scheduleId: string): string => `schedule-${scheduleId}`;

/**
 * How a run ended for the schedule. Besides sent, failed and skipped, a run may hand its reply on:
 * to the user (ready: assisted delivery), to reconciliation (unconfirmed) or to a retry after X's
 * rate limit resets (rate_limited); the reply's own stream follows it from there.
 */
export type RunOutcome = 'sent' | 'failed' | 'skipped' | 'ready' | 'unconfirmed' | 'rate_limited';

/**
 * The reply of one run: deterministic, so a scheduler that takes over a dead one's claim finds the
 * same reply stream (`reply-<replyId>`) and carries on from what was recorded there.
 */
export const runReplyId = (scheduleId: string, slot: Instant): string => `${scheduleId}:${Date.parse(slot)}`;

/** Who is running the current slot, and until when the claim holds without news. */
export interface RunClaim {
  slot: Instant;
  replyId: string;
  claimant: string;
  claimedAt: Instant;
  leaseUntil: Instant;
}

export type ScheduleCommand =
  | {
      type: 'CreateSchedule';
      scheduleId: string;
      userId: string;
      now: Instant;
      timeZone: string;
      draft: ScheduleDraft;
      /** One entry of a bulk batch: hidden until the batch completes (batch.ts). */
      batchId?: string;
    }
  | { type: 'DeleteSchedule'; scheduleId: string; userId: string }
  | { type: 'DeactivateSchedule'; scheduleId: string; userId: string }
  /**
   * The owner changes a pending or paused schedule: `draft` is the whole schedule as it is to be
   * (the service merged the edit onto the current facts and checked its references). The next run
   * is decided again from `now` when the plan changed, kept when it did not.
   */
  | { type: 'EditSchedule'; scheduleId: string; userId: string; now: Instant; draft: ScheduleDraft }
  /** The owner stops a pending schedule's runs until resumed; it keeps its plan. */
  | { type: 'PauseSchedule'; scheduleId: string; userId: string; now: Instant }
  /** The owner lets a paused schedule run again, from its next run after `now`. */
  | { type: 'ResumeSchedule'; scheduleId: string; userId: string; now: Instant }
  /**
   * The owner moves a pending or inactive schedule to another of their connected accounts (the
   * service checked it is theirs and connected; `accountName` is its name now).
   */
  | { type: 'MoveSchedule'; scheduleId: string; userId: string; connectedAccountId: string; accountName: string | null }
  /**
   * The scheduler's record of a run (no user: it acts for the owner). `slot` is the run it was due
   * for (the schedule's nextRunTime; for auto, the post's due time). `nextTemplateIndex` moves a
   * template group's rotation cursor (core/templates/rotation.ts).
   */
  | {
      type: 'RecordRun';
      scheduleId: string;
      now: Instant;
      slot: Instant;
      outcome: RunOutcome;
      reason?: string | null;
      templateId?: string | null;
      nextTemplateIndex?: number;
    }
  /**
   * A scheduler process takes the due run `slot` (the current nextRunTime; for auto, the post's
   * due time). Appended at the revision read, so of several processes exactly one wins; the others
   * re-decide and are refused (RUN_CLAIMED). A claim whose lease has passed may be taken over.
   * `aheadMs` lets the run be claimed that long before its time, to prepare the reply (text, AI,
   * target post) ahead and post at the time itself; 0 or absent: only once due.
   */
  | { type: 'ClaimRun'; scheduleId: string; slot: Instant; now: Instant; claimant: string; leaseMs: number; aheadMs?: number };

/**
 * The facts of a creation: what the user chose (target, connected account, content source, image,
 * plan, the zone it is read in), the names the lookups found, the mentions stripped from the text,
 * the batch it belongs to, and the first run decided from the creation instant (it depends on
 * `now`, so it cannot be derived later). Everything lists show besides (type, conditions, AI and
 * style, the one-shot time ...) is derived from these by views.ts. Events written before carried
 * those derived fields too; upcast.ts reads them as these facts.
 */
export interface ScheduleCreatedData {
  scheduleId: string;
  userId: string;
  timeZone: string;
  targetAccountId: string;
  /** Names at creation (the ids stay the truth): lists show them after the account goes. */
  targetUsername: string | null;
  connectedAccountId: string;
  accountName: string | null;
  content: ContentSource;
  imageUrl: string | null;
  plan: Plan;
  /**
   * Which post a run answers (post-rule.ts): null for auto plans (the post the watcher saw);
   * absent on schedules made before schedules chose their post (they answer the freshest post of
   * the installation's window, as they did).
   */
  post?: PostRule | null;
  /** The first run, decided from the creation instant; null for auto (it waits for a post). */
  nextRunTime: Instant | null;
  /** Mentions stripped from the text on creation (empty when none), for the page's notice. */
  mentionsRemoved: string[];
  /** Set for an entry of a bulk batch: the schedule counts only once its batch completed (batch.ts). */
  batchId?: string;
}

/** The facts of an edit: the schedule's choices as they now are, and its next run. */
export type ScheduleEditedData = Omit<ScheduleCreatedData, 'batchId'>;

export interface ScheduleRunRecordedData {
  scheduleId: string;
  userId: string;
  slot: Instant;
  at: Instant;
  outcome: RunOutcome;
  reason: string | null;
  templateId: string | null;
  lastTemplateIndex: number;
  nextRunTime: Instant | null;
  /** True when this run closes the schedule (it ran once). */
  executed: boolean;
}

export interface ScheduleRunClaimedData {
  scheduleId: string;
  userId: string;
  slot: Instant;
  replyId: string;
  claimant: string;
  claimedAt: Instant;
  leaseUntil: Instant;
}

export type ScheduleEvent =
  | { type: 'ScheduleCreated'; data: ScheduleCreatedData }
  | { type: 'ScheduleRunClaimed'; data: ScheduleRunClaimedData }
  | { type: 'ScheduleDeleted'; data: { scheduleId: string; userId: string } }
  | { type: 'ScheduleDeactivated'; data: { scheduleId: string; userId: string } }
  | { type: 'ScheduleMoved'; data: { scheduleId: string; userId: string; connectedAccountId: string; accountName: string | null } }
  | { type: 'ScheduleEdited'; data: ScheduleEditedData }
  | { type: 'SchedulePaused'; data: { scheduleId: string; userId: string } }
  | { type: 'ScheduleResumed'; data: { scheduleId: string; userId: string; nextRunTime: Instant | null } }
  | { type: 'ScheduleRunRecorded'; data: ScheduleRunRecordedData };

export const SCHEDULE_EVENT_TYPES = [
  'ScheduleCreated',
  'ScheduleDeleted',
  'ScheduleDeactivated',
  'ScheduleMoved',
  'ScheduleEdited',
  'SchedulePaused',
  'ScheduleResumed',
  'ScheduleRunRecorded',
  'ScheduleRunClaimed',
] as const;

/** A schedule's facts and what its runs changed. Where it stands is the state's case, not a flag. */
export interface Schedule extends ScheduleCreatedData {
  lastExecutedAt: Instant | null;
  lastTemplateIndex: number;
  runCount: number;
}

/**
 * Where a schedule stands: pending (active, runs when due), paused (by its owner: no runs until
 * resumed; it keeps its plan and the next run it had), inactive (deactivated: no more runs),
 * executed (a one-shot plan ran: closed for good), deleted (gone from lists; an executed schedule is
 * never deleted). A pending schedule may have its current run claimed by a scheduler process; it
 * remembers the last slot it ran (auto schedules have no nextRunTime to tell a repeat apart).
 */
export type ScheduleState =
  | { status: 'none' }
  | { status: 'pending'; schedule: Schedule; claim?: RunClaim; lastRunSlot?: Instant }
  | { status: 'paused'; schedule: Schedule; lastRunSlot?: Instant }
  | { status: 'inactive'; schedule: Schedule }
  | { status: 'executed'; schedule: Schedule }
  | { status: 'deleted'; schedule: Schedule };

/** The status lists show (spec part 2 §4: Pending or Executed; deactivated ones are Inactive). */
export type ScheduleStatus = Exclude<ScheduleState['status'], 'none' | 'deleted'>;

export const evolveSchedule = (state: ScheduleState, event: ScheduleEvent): ScheduleState => {
  switch (event.type) {
    case 'ScheduleCreated':
      return { status: 'pending', schedule: { ...upcastScheduleCreated(event.data), lastExecutedAt: null, lastTemplateIndex: 0, runCount: 0 } };
    case 'ScheduleDeleted':
      return state.status === 'none' ? state : { status: 'deleted', schedule: { ...state.schedule, nextRunTime: null } };
    case 'ScheduleDeactivated':
      switch (state.status) {
        case 'pending':
        case 'paused':
        case 'inactive':
          return { status: 'inactive', schedule: { ...state.schedule, nextRunTime: null } };
        case 'none':
        case 'executed':
        case 'deleted':
          return state;
        default:
          return assertNever(state, 'schedule state');
      }
    case 'ScheduleMoved': {
      if (state.status !== 'pending' && state.status !== 'paused' && state.status !== 'inactive') return state;
      const { connectedAccountId, accountName } = event.data;
      return { ...state, schedule: { ...state.schedule, connectedAccountId, accountName } };
    }
    case 'ScheduleEdited': {
      if (state.status !== 'pending' && state.status !== 'paused') return state;
      const d = event.data;
      // A new content source starts its rotation afresh.
      const sameContent = JSON.stringify(d.content) === JSON.stringify(state.schedule.content);
      return { ...state, schedule: { ...state.schedule, ...d, lastTemplateIndex: sameContent ? state.schedule.lastTemplateIndex : 0 } };
    }
    case 'SchedulePaused':
      if (state.status !== 'pending') return state;
      return { status: 'paused', schedule: state.schedule, ...(state.lastRunSlot === undefined ? {} : { lastRunSlot: state.lastRunSlot }) };
    case 'ScheduleResumed':
      if (state.status !== 'paused') return state;
      return { status: 'pending', schedule: { ...state.schedule, nextRunTime: event.data.nextRunTime }, ...(state.lastRunSlot === undefined ? {} : { lastRunSlot: state.lastRunSlot }) };
    case 'ScheduleRunRecorded': {
      if (state.status === 'none') return state;
      const d = event.data;
      const ran = d.outcome !== 'skipped';
      const schedule: Schedule = {
        ...state.schedule,
        nextRunTime: d.nextRunTime,
        lastExecutedAt: ran ? d.at : state.schedule.lastExecutedAt,
        lastTemplateIndex: d.lastTemplateIndex,
        runCount: state.schedule.runCount + (ran ? 1 : 0),
      };
      if (d.executed && state.status !== 'deleted') return { status: 'executed', schedule };
      // The run is over: its claim goes with it.
      return state.status === 'pending' ? { status: 'pending', schedule, lastRunSlot: d.slot } : { status: state.status, schedule };
    }
    case 'ScheduleRunClaimed': {
      if (state.status !== 'pending') return state;
      const { slot, replyId, claimant, claimedAt, leaseUntil } = event.data;
      return { ...state, claim: { slot, replyId, claimant, claimedAt, leaseUntil } };
    }
    default: {
      // Exhaustive at compile time; at run time an event type from a newer version is ignored.
      const _unknown: never = event;
      return state;
    }
  }
};
