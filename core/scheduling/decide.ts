/**
 * The schedule decider's decisions (events and state: schedule.ts).
 *
 * - CreateSchedule: validated (zone, content, plan), mentions stripped from texts, nextRunTime
 *   computed from the command's `now`. Re-sending the same create is a no-op.
 * - DeleteSchedule: the owner's pending or inactive schedule; an executed one is refused
 *   ('Executed schedules cannot be deleted'); deleting twice is quiet.
 * - DeactivateSchedule: stops future runs; quiet when already inactive or executed.
 * - RecordRun: closes a one-shot schedule (executed), advances a recurring one to its next run after
 *   the slot and now, keeps an auto one waiting for the next post. A slot that is not the current
 *   one (a repeat, or stale) is quiet: a run is recorded once.
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import { stripMentions } from '@core/text/mentions';
import { requireZone, toInstant, toMs } from '@core/scheduling/time';
import { SCHEDULE_MESSAGES } from './messages';
import type { Conditions, ContentSource } from './model';
import { scheduleTypeOf } from './model';
import { firstRun, normalisePlan, runAfter } from './plan';
import {
  evolveSchedule,
  type Schedule,
  type ScheduleCommand,
  type ScheduleCreatedData,
  type ScheduleEvent,
  type ScheduleState,
} from './schedule';

const notFound = () => new AppError('not_found', SCHEDULE_MESSAGES.notFound, { reason: 'SCHEDULE_NOT_FOUND' });

const required = (value: string, message: string, field: string): string => {
  const v = typeof value === 'string' ? value.trim() : '';
  if (v === '') throw new AppError('validation', message, { field });
  return v;
};

/** The content with mentions stripped; fixed text left empty by stripping is refused. */
const cleanContent = (content: ContentSource): { content: ContentSource; mentionsRemoved: string[] } => {
  switch (content.kind) {
    case 'text': {
      const { text, removed } = stripMentions(content.text, { field: 'content' });
      if (text === '') throw new AppError('validation', SCHEDULE_MESSAGES.contentRequired, { field: 'content' });
      return { content: { kind: 'text', text }, mentionsRemoved: removed };
    }
    case 'ai': {
      if (content.baseText === null) return { content, mentionsRemoved: [] };
      const { text, removed } = stripMentions(content.baseText, { field: 'content' });
      return { content: { kind: 'ai', style: content.style, baseText: text === '' ? null : text }, mentionsRemoved: removed };
    }
    case 'template':
      return { content: { kind: 'template', templateId: required(content.templateId, SCHEDULE_MESSAGES.templateRequired, 'templateId') }, mentionsRemoved: [] };
    case 'template_group':
      return {
        content: { kind: 'template_group', templateGroupId: required(content.templateGroupId, SCHEDULE_MESSAGES.templateRequired, 'templateGroupId') },
        mentionsRemoved: [],
      };
    default:
      return assertNever(content, 'content source');
  }
};

const textOf = (content: ContentSource): string | null =>
  content.kind === 'text' ? content.text : content.kind === 'ai' ? content.baseText : null;

/** The schedule a create command describes (nextRunTime included). */
const created = (command: Extract<ScheduleCommand, { type: 'CreateSchedule' }>): ScheduleCreatedData => {
  const { draft } = command;
  requireZone(command.timeZone);
  const targetAccountId = required(draft.targetAccountId, SCHEDULE_MESSAGES.accountRequired, 'accountId');
  const connectedAccountId = required(draft.connectedAccountId, SCHEDULE_MESSAGES.connectedAccountRequired, 'connectedAccountId');
  const { content, mentionsRemoved } = cleanContent(draft.content);
  const plan = normalisePlan(draft.plan);
  const nextRunTime = firstRun(plan, command.now, command.timeZone);
  const targetUsername = draft.targetUsername ?? null;
  const conditions: Conditions = { content: textOf(content), targetAccount: targetUsername, imageIncluded: draft.imageUrl !== null };
  const oneShot = plan.kind === 'immediate' || plan.kind === 'once' || (plan.kind === 'peak' && plan.recurrence === null);
  return {
    scheduleId: command.scheduleId,
    userId: command.userId,
    timeZone: command.timeZone.trim(),
    scheduleType: scheduleTypeOf(plan),
    targetAccountId,
    targetUsername,
    connectedAccountId,
    accountName: draft.accountName ?? null,
    content,
    imageUrl: draft.imageUrl,
    plan,
    peakWindowType: plan.kind === 'peak' ? plan.window : null,
    useAI: content.kind === 'ai',
    viralStyle: content.kind === 'ai' ? content.style : null,
    conditions,
    scheduledTime: oneShot ? nextRunTime : null,
    nextRunTime,
    mentionsRemoved,
    ...(command.batchId === undefined ? {} : { batchId: command.batchId }),
  };
};

/** Two creates describe the same schedule when all but the time-dependent fields agree. */
const sameSchedule = (existing: ScheduleCreatedData, candidate: ScheduleCreatedData): boolean => {
  const keys = (Object.keys(candidate) as (keyof ScheduleCreatedData)[]).filter((k) => k !== 'nextRunTime' && k !== 'scheduledTime');
  return keys.every((k) => JSON.stringify(existing[k]) === JSON.stringify(candidate[k]));
};

/** The owner's schedule that still exists, or not_found. */
const own = (state: ScheduleState, userId: string): Schedule => {
  if (state.status !== 'exists' || state.schedule.deleted || state.schedule.userId !== userId) throw notFound();
  return state.schedule;
};

export const decideSchedule = (command: ScheduleCommand, state: ScheduleState): ScheduleEvent[] => {
  switch (command.type) {
    case 'CreateSchedule': {
      const data = created(command);
      if (state.status !== 'none') {
        if (state.schedule.userId === command.userId && sameSchedule(state.schedule, data)) return [];
        throw new AppError('conflict', SCHEDULE_MESSAGES.scheduleExists, { reason: 'SCHEDULE_EXISTS' });
      }
      return [{ type: 'ScheduleCreated', data }];
    }
    case 'DeleteSchedule': {
      if (state.status === 'exists' && state.schedule.deleted && state.schedule.userId === command.userId) return [];
      const schedule = own(state, command.userId);
      if (schedule.isExecuted) throw new AppError('conflict', SCHEDULE_MESSAGES.executedCannotBeDeleted, { reason: 'SCHEDULE_EXECUTED' });
      return [{ type: 'ScheduleDeleted', data: { scheduleId: schedule.scheduleId, userId: command.userId } }];
    }
    case 'DeactivateSchedule': {
      const schedule = own(state, command.userId);
      if (!schedule.isActive || schedule.isExecuted) return [];
      return [{ type: 'ScheduleDeactivated', data: { scheduleId: schedule.scheduleId, userId: command.userId } }];
    }
    case 'RecordRun': {
      if (state.status !== 'exists' || state.schedule.deleted) throw notFound();
      const schedule = state.schedule;
      if (schedule.isExecuted) return [];
      if (!schedule.isActive) throw new AppError('conflict', SCHEDULE_MESSAGES.notActive, { reason: 'SCHEDULE_INACTIVE' });
      const auto = schedule.plan.kind === 'auto';
      const slot = toInstant(toMs(command.slot, 'slot'));
      const now = toInstant(toMs(command.now, 'now'));
      if (!auto && slot !== schedule.nextRunTime) return [];
      const nextRunTime = runAfter(schedule.plan, slot, now, schedule.timeZone);
      return [
        {
          type: 'ScheduleRunRecorded',
          data: {
            scheduleId: schedule.scheduleId,
            userId: schedule.userId,
            slot,
            at: now,
            outcome: command.outcome,
            reason: command.reason ?? null,
            templateId: command.templateId ?? null,
            lastTemplateIndex: command.nextTemplateIndex ?? schedule.lastTemplateIndex,
            nextRunTime,
            executed: !auto && nextRunTime === null,
          },
        },
      ];
    }
    default:
      return assertNever(command, 'schedule command');
  }
};

export const scheduleDecider: Decider<ScheduleCommand, ScheduleEvent, ScheduleState> = {
  decide: decideSchedule,
  evolve: evolveSchedule,
  initialState: () => ({ status: 'none' }),
};
