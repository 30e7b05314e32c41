/**
 * The schedule decider's decisions (events and state: schedule.ts).
 *
 * - CreateSchedule: validated (zone, content, plan), mentions stripped from texts, nextRunTime
 *   computed from the command's `now`. Re-sending the same create is a no-op.
 * - DeleteSchedule: the owner's pending or inactive schedule; an executed one is refused
 *   ('Executed schedules cannot be deleted'); deleting twice is quiet.
 * - DeactivateSchedule: stops future runs; quiet when already inactive or executed.
 * - MoveSchedule: the owner's pending or inactive schedule posts from another connected account
 *   from its next run on (a run already claimed keeps its account); an executed one is refused;
 *   moving to the account it has is quiet.
 * - EditSchedule: the owner's pending or paused schedule becomes the draft (content cleaned and
 *   validated as on create); the next run is decided again from `now` when the plan changed, kept
 *   otherwise; an edit that changes nothing is quiet. Refused while a run of it is claimed (its
 *   reply is being prepared with what it was: RUN_IN_PROGRESS), and for an executed or stopped one.
 * - PauseSchedule / ResumeSchedule: a pending schedule pauses (no runs), a paused one resumes with
 *   the next run it had if that is still ahead, else the plan's next run from `now` (a one-time
 *   schedule whose time passed meanwhile needs a new time: SCHEDULE_TIME_PASSED). Pausing twice or
 *   resuming a pending one is quiet; pausing during a claimed run is refused like an edit.
 * - RecordRun: closes a one-shot schedule (executed), advances a recurring one to its next run after
 *   the slot and now, keeps an auto one waiting for the next post. A slot that is not the current
 *   one (a repeat, or stale) is quiet: a run is recorded once. It ends the run's claim.
 * - ClaimRun: a scheduler process takes the current run of a pending schedule, so that of several
 *   processes exactly one dispatches it (the append at the read revision decides; the loser
 *   re-decides on the new state and is refused with RUN_CLAIMED). A claim is live until its lease
 *   passes; then another process takes it over with the same replyId and carries on the same reply.
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import { stripMentions } from '@core/text/mentions';
import { requireZone, toInstant, toMs, type Instant } from '@core/scheduling/time';
import { SCHEDULE_MESSAGES } from './messages';
import { isRecurringPlan, type ContentSource, type Plan, type ScheduleDraft } from './model';import { firstRun, normalisePlan, runAfter } from './plan';
import { defaultPostChoice, MAX_FRESHNESS_MINUTES, MAX_WAIT_MINUTES, POST_RULE_MESSAGES, postRuleOf, type PostRule } from './post-rule';
import {
  evolveSchedule,
  type ScheduleCommand,
  type Schedule,
  type ScheduleCreatedData,
  type ScheduleEditedData,
  type ScheduleEvent,
  type ScheduleState,
  runReplyId,
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

/** The rule the schedule keeps: the draft's choice (or the plan's default), checked; none for auto plans. */
const postOf = (draft: ScheduleDraft, plan: Plan, now: Instant): PostRule | null => {
  if (plan.kind === 'auto') return null;
  const choice = draft.post ?? defaultPostChoice(plan);
  if (choice === null) return null;
  if (choice.kind === 'next' && isRecurringPlan(plan)) throw new AppError('validation', POST_RULE_MESSAGES.nextIsOneTime, { field: 'targetPost' });
  const within = (v: number, max: number) => Number.isInteger(v) && v >= 1 && v <= max;
  if (choice.kind === 'next' && !within(choice.waitMinutes, MAX_WAIT_MINUTES)) throw new AppError('validation', POST_RULE_MESSAGES.waitRange, { field: 'waitMinutes' });
  if (choice.kind === 'freshest' && !within(choice.freshnessMinutes, MAX_FRESHNESS_MINUTES))
    throw new AppError('validation', POST_RULE_MESSAGES.freshnessRange, { field: 'freshnessMinutes' });
  return postRuleOf(choice, toInstant(toMs(now, 'now')));
};

/** The facts of the schedule a create command describes (its first run included). */
const created = (command: Extract<ScheduleCommand, { type: 'CreateSchedule' }>): ScheduleCreatedData => {
  const { draft } = command;
  requireZone(command.timeZone);
  const targetAccountId = required(draft.targetAccountId, SCHEDULE_MESSAGES.accountRequired, 'accountId');
  const connectedAccountId = required(draft.connectedAccountId, SCHEDULE_MESSAGES.connectedAccountRequired, 'connectedAccountId');
  const { content, mentionsRemoved } = cleanContent(draft.content);
  const plan = normalisePlan(draft.plan);
  return {
    scheduleId: command.scheduleId,
    userId: command.userId,
    timeZone: command.timeZone.trim(),
    targetAccountId,
    targetUsername: draft.targetUsername ?? null,
    connectedAccountId,
    accountName: draft.accountName ?? null,
    content,
    imageUrl: draft.imageUrl,
    plan,
    post: postOf(draft, plan, command.now),
    nextRunTime: firstRun(plan, command.now, command.timeZone),
    mentionsRemoved,
    ...(command.batchId === undefined ? {} : { batchId: command.batchId }),
  };
};

/** The facts a draft gives an existing schedule (same id, owner and zone; mentions stripped anew). */
const edited = (schedule: Schedule, draft: ScheduleDraft): Omit<ScheduleEditedData, 'nextRunTime'> => {
  const targetAccountId = required(draft.targetAccountId, SCHEDULE_MESSAGES.accountRequired, 'accountId');
  const connectedAccountId = required(draft.connectedAccountId, SCHEDULE_MESSAGES.connectedAccountRequired, 'connectedAccountId');
  const { content, mentionsRemoved } = cleanContent(draft.content);
  return {
    scheduleId: schedule.scheduleId,
    userId: schedule.userId,
    timeZone: schedule.timeZone,
    targetAccountId,
    targetUsername: draft.targetUsername ?? null,
    connectedAccountId,
    accountName: draft.accountName ?? null,
    content,
    imageUrl: draft.imageUrl,
    plan: normalisePlan(draft.plan),
    mentionsRemoved,
  };
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A claimed run that still holds: it is being prepared or sent with the schedule as it was. */
const runInProgress = (state: Extract<ScheduleState, { status: 'pending' }>, now: Instant): boolean =>
  state.claim !== undefined && toMs(now, 'now') < toMs(state.claim.leaseUntil);

const inProgress = () => new AppError('conflict', SCHEDULE_MESSAGES.runInProgress, { reason: 'RUN_IN_PROGRESS' });

/** Two creates describe the same schedule when all but the time-dependent fields agree. */
const sameSchedule = (existing: ScheduleCreatedData, candidate: ScheduleCreatedData): boolean => {
  const keys = (Object.keys(candidate) as (keyof ScheduleCreatedData)[]).filter((k) => k !== 'nextRunTime' && k !== 'post');
  const choice = (d: ScheduleCreatedData) => (d.post?.kind === 'next' ? { ...d.post, after: null } : d.post);
  // A schedule made before schedules chose their post has none to compare.
  const samePost = existing.post === undefined || JSON.stringify(choice(existing)) === JSON.stringify(choice(candidate));
  return keys.every((k) => JSON.stringify(existing[k]) === JSON.stringify(candidate[k])) && samePost;
};

type Existing = Exclude<ScheduleState, { status: 'none' } | { status: 'deleted' }>;

/** The owner's schedule that still exists, or not_found. */
const own = (state: ScheduleState, userId: string): Existing => {
  if (state.status === 'none' || state.status === 'deleted' || state.schedule.userId !== userId) throw notFound();
  return state;
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
      if (state.status === 'deleted' && state.schedule.userId === command.userId) return [];
      const existing = own(state, command.userId);
      switch (existing.status) {
        case 'executed':
          throw new AppError('conflict', SCHEDULE_MESSAGES.executedCannotBeDeleted, { reason: 'SCHEDULE_EXECUTED' });
        case 'pending':
        case 'paused':
        case 'inactive':
          return [{ type: 'ScheduleDeleted', data: { scheduleId: existing.schedule.scheduleId, userId: command.userId } }];
        default:
          return assertNever(existing, 'schedule state');
      }
    }
    case 'MoveSchedule': {
      const existing = own(state, command.userId);
      const connectedAccountId = required(command.connectedAccountId, SCHEDULE_MESSAGES.connectedAccountRequired, 'connectedAccountId');
      switch (existing.status) {
        case 'executed':
          throw new AppError('conflict', SCHEDULE_MESSAGES.executedCannotBeMoved, { reason: 'SCHEDULE_EXECUTED' });
        case 'pending':
        case 'paused':
        case 'inactive':
          if (existing.schedule.connectedAccountId === connectedAccountId) return [];
          return [{ type: 'ScheduleMoved', data: { scheduleId: existing.schedule.scheduleId, userId: command.userId, connectedAccountId, accountName: command.accountName } }];
        default:
          return assertNever(existing, 'schedule state');
      }
    }
    case 'DeactivateSchedule': {
      const existing = own(state, command.userId);
      switch (existing.status) {
        case 'pending':
        case 'paused':
          return [{ type: 'ScheduleDeactivated', data: { scheduleId: existing.schedule.scheduleId, userId: command.userId } }];
        case 'inactive':
        case 'executed':
          return [];
        default:
          return assertNever(existing, 'schedule state');
      }
    }
    case 'EditSchedule': {
      const existing = own(state, command.userId);
      switch (existing.status) {
        case 'executed':
          throw new AppError('conflict', SCHEDULE_MESSAGES.executedCannotBeEdited, { reason: 'SCHEDULE_EXECUTED' });
        case 'inactive':
          throw new AppError('conflict', SCHEDULE_MESSAGES.notActive, { reason: 'SCHEDULE_INACTIVE' });
        case 'pending':
        case 'paused': {
          if (existing.status === 'pending' && runInProgress(existing, command.now)) throw inProgress();
          const { schedule } = existing;
          const facts = edited(schedule, command.draft);
          const planChanged = !same(facts.plan, schedule.plan);
          const nextRunTime = planChanged ? firstRun(facts.plan, command.now, schedule.timeZone) : schedule.nextRunTime;
          const data: ScheduleEditedData = { ...facts, nextRunTime };
          const unchanged = (Object.keys(data) as (keyof ScheduleEditedData)[]).every((k) => k === 'mentionsRemoved' || same(data[k], schedule[k]));
          return unchanged ? [] : [{ type: 'ScheduleEdited', data }];
        }
        default:
          return assertNever(existing, 'schedule state');
      }
    }
    case 'PauseSchedule': {
      const existing = own(state, command.userId);
      switch (existing.status) {
        case 'pending':
          if (runInProgress(existing, command.now)) throw inProgress();
          return [{ type: 'SchedulePaused', data: { scheduleId: existing.schedule.scheduleId, userId: command.userId } }];
        case 'paused':
          return [];
        case 'executed':
          throw new AppError('conflict', SCHEDULE_MESSAGES.executedCannotBePaused, { reason: 'SCHEDULE_EXECUTED' });
        case 'inactive':
          throw new AppError('conflict', SCHEDULE_MESSAGES.notActive, { reason: 'SCHEDULE_INACTIVE' });
        default:
          return assertNever(existing, 'schedule state');
      }
    }
    case 'ResumeSchedule': {
      const existing = own(state, command.userId);
      switch (existing.status) {
        case 'pending':
          return [];
        case 'paused':
          return [{ type: 'ScheduleResumed', data: { scheduleId: existing.schedule.scheduleId, userId: command.userId, nextRunTime: resumedRun(existing.schedule, command.now) } }];
        case 'executed':
          throw new AppError('conflict', SCHEDULE_MESSAGES.executedCannotBePaused, { reason: 'SCHEDULE_EXECUTED' });
        case 'inactive':
          throw new AppError('conflict', SCHEDULE_MESSAGES.notActive, { reason: 'SCHEDULE_INACTIVE' });
        default:
          return assertNever(existing, 'schedule state');
      }
    }
    case 'RecordRun':
      switch (state.status) {
        case 'none':
        case 'deleted':
          throw notFound();
        case 'executed':
          return [];
        case 'paused':
        case 'inactive':
          throw new AppError('conflict', SCHEDULE_MESSAGES.notActive, { reason: 'SCHEDULE_INACTIVE' });
        case 'pending':
          return recordRun(command, state);
        default:
          return assertNever(state, 'schedule state');
      }
    case 'ClaimRun':
      switch (state.status) {
        case 'none':
        case 'deleted':
          throw notFound();
        case 'executed':
        case 'paused':
        case 'inactive':
          throw new AppError('conflict', SCHEDULE_MESSAGES.notActive, { reason: 'SCHEDULE_INACTIVE' });
        case 'pending':
          return claimRun(command, state);
        default:
          return assertNever(state, 'schedule state');
      }
    default:
      return assertNever(command, 'schedule command');
  }
};

/**
 * The run a resumed schedule waits for: the one it had while still ahead, else the plan's next from
 * `now`. A one-time time that passed while paused is not made up for: the owner picks a new one.
 */
const resumedRun = (schedule: Schedule, now: Instant): Instant | null => {
  const kept = schedule.nextRunTime;
  if (kept !== null && toMs(kept) >= toMs(now, 'now')) return kept;
  if (schedule.plan.kind === 'once') throw new AppError('conflict', SCHEDULE_MESSAGES.timePassedWhilePaused, { field: 'scheduledTime', reason: 'SCHEDULE_TIME_PASSED' });
  return firstRun(schedule.plan, now, schedule.timeZone);
};

const runNotDue = () => new AppError('conflict', SCHEDULE_MESSAGES.runNotDue, { reason: 'RUN_NOT_DUE' });

/** The current run of a pending schedule, claimed once; a lapsed claim is taken over. */
const claimRun = (command: Extract<ScheduleCommand, { type: 'ClaimRun' }>, state: Extract<ScheduleState, { status: 'pending' }>): ScheduleEvent[] => {
  const { schedule, claim, lastRunSlot } = state;
  const slotMs = toMs(command.slot, 'slot');
  const nowMs = toMs(command.now, 'now');
  if (!Number.isInteger(command.leaseMs) || command.leaseMs <= 0) throw new AppError('internal', `A claim needs a positive lease, got ${command.leaseMs}`);
  if (command.claimant.trim() === '') throw new AppError('internal', 'A claim needs a claimant');
  const aheadMs = command.aheadMs ?? 0;
  if (!Number.isInteger(aheadMs) || aheadMs < 0) throw new AppError('internal', `A claim ahead of time needs a lead of 0 or more, got ${aheadMs}`);
  const slot = toInstant(slotMs);
  if (slotMs > nowMs + aheadMs) throw runNotDue();
  if (schedule.plan.kind === 'auto') {
    if (lastRunSlot !== undefined && slotMs <= toMs(lastRunSlot)) throw runNotDue();
  } else if (slot !== schedule.nextRunTime) {
    throw runNotDue();
  }
  if (claim !== undefined) {
    const live = nowMs < toMs(claim.leaseUntil);
    if (live && claim.claimant === command.claimant && claim.slot === slot) return [];
    if (live) throw new AppError('conflict', SCHEDULE_MESSAGES.runClaimed, { reason: 'RUN_CLAIMED' });
    // An auto schedule may see a newer post while an older run's claim lapsed: the older run stays
    // its claimant's to finish (its reply stream carries on), the newer one waits.
    if (claim.slot !== slot && schedule.plan.kind === 'auto' && toMs(claim.slot) > slotMs) throw runNotDue();
  }
  return [
    {
      type: 'ScheduleRunClaimed',
      data: {
        scheduleId: schedule.scheduleId,
        userId: schedule.userId,
        slot,
        replyId: runReplyId(schedule.scheduleId, slot),
        claimant: command.claimant,
        claimedAt: toInstant(nowMs),
        leaseUntil: toInstant(nowMs + command.leaseMs),
      },
    },
  ];
};

/** A run of a pending schedule; a slot that is not its current one is quiet. */
const recordRun = (command: Extract<ScheduleCommand, { type: 'RecordRun' }>, state: Extract<ScheduleState, { status: 'pending' }>): ScheduleEvent[] => {
  const { schedule } = state;
  const auto = schedule.plan.kind === 'auto';
  const slot = toInstant(toMs(command.slot, 'slot'));
  const now = toInstant(toMs(command.now, 'now'));
  if (!auto && slot !== schedule.nextRunTime) return [];
  if (auto && state.lastRunSlot !== undefined && toMs(slot) <= toMs(state.lastRunSlot)) return [];
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
};

export const scheduleDecider: Decider<ScheduleCommand, ScheduleEvent, ScheduleState> = {
  decide: decideSchedule,
  evolve: evolveSchedule,
  initialState: () => ({ status: 'none' }),
};
