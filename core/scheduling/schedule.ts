/**
 * A schedule: one stream per schedule (`schedule-{id}`). Events carry resulting values (the next
 * run time, the rotation cursor), so evolve and the projection copy them and only decide computes.
 * User commands carry the acting user; someone else's schedule answers not_found, never forbidden.
 */
import type { WritingStyle } from '@core/styles';
import type { Instant, PeakWindow } from '@core/scheduling/time';
import type { Conditions, ContentSource, Plan, ScheduleDraft, ScheduleType } from './model';

export const scheduleStream = (scheduleId: string): string => `schedule-${scheduleId}`;

export type RunOutcome = 'sent' | 'failed' | 'skipped';

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
    };

export interface ScheduleCreatedData {
  scheduleId: string;
  userId: string;
  timeZone: string;
  scheduleType: ScheduleType;
  targetAccountId: string;
  targetUsername: string | null;
  connectedAccountId: string;
  accountName: string | null;
  content: ContentSource;
  imageUrl: string | null;
  plan: Plan;
  peakWindowType: PeakWindow | null;
  useAI: boolean;
  viralStyle: WritingStyle | null;
  conditions: Conditions;
  /** For one-shot plans the time it runs; null for recurring and auto. */
  scheduledTime: Instant | null;
  nextRunTime: Instant | null;
  /** Mentions stripped from the text on creation (empty when none), for the page's notice. */
  mentionsRemoved: string[];
  /** Set for an entry of a bulk batch: the schedule counts only once its batch completed (batch.ts). */
  batchId?: string;
}

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

export type ScheduleEvent =
  | { type: 'ScheduleCreated'; data: ScheduleCreatedData }
  | { type: 'ScheduleDeleted'; data: { scheduleId: string; userId: string } }
  | { type: 'ScheduleDeactivated'; data: { scheduleId: string; userId: string } }
  | { type: 'ScheduleRunRecorded'; data: ScheduleRunRecordedData };

export const SCHEDULE_EVENT_TYPES = ['ScheduleCreated', 'ScheduleDeleted', 'ScheduleDeactivated', 'ScheduleRunRecorded'] as const;

export interface Schedule extends ScheduleCreatedData {
  isActive: boolean;
  isExecuted: boolean;
  deleted: boolean;
  lastExecutedAt: Instant | null;
  lastTemplateIndex: number;
  runCount: number;
}

export type ScheduleState = { status: 'none' } | { status: 'exists'; schedule: Schedule };

/** The status lists show (spec part 2 §4: Pending or Executed; deactivated ones are Inactive). */
export type ScheduleStatus = 'pending' | 'executed' | 'inactive';

export const scheduleStatus = (s: Pick<Schedule, 'isActive' | 'isExecuted'>): ScheduleStatus =>
  s.isExecuted ? 'executed' : s.isActive ? 'pending' : 'inactive';

export const evolveSchedule = (state: ScheduleState, event: ScheduleEvent): ScheduleState => {
  switch (event.type) {
    case 'ScheduleCreated':
      return {
        status: 'exists',
        schedule: { ...event.data, isActive: true, isExecuted: false, deleted: false, lastExecutedAt: null, lastTemplateIndex: 0, runCount: 0 },
      };
    case 'ScheduleDeleted':
      return state.status === 'exists' ? { status: 'exists', schedule: { ...state.schedule, deleted: true, nextRunTime: null } } : state;
    case 'ScheduleDeactivated':
      return state.status === 'exists' ? { status: 'exists', schedule: { ...state.schedule, isActive: false, nextRunTime: null } } : state;
    case 'ScheduleRunRecorded': {
      if (state.status !== 'exists') return state;
      const d = event.data;
      const ran = d.outcome !== 'skipped';
      return {
        status: 'exists',
        schedule: {
          ...state.schedule,
          nextRunTime: d.nextRunTime,
          isExecuted: state.schedule.isExecuted || d.executed,
          lastExecutedAt: ran ? d.at : state.schedule.lastExecutedAt,
          lastTemplateIndex: d.lastTemplateIndex,
          runCount: state.schedule.runCount + (ran ? 1 : 0),
        },
      };
    }
    default: {
      // Exhaustive at compile time; at run time an event type from a newer version is ignored.
      const _unknown: never = event;
      return state;
    }
  }
};
