/**
 * Schedules wired to the event store: one stream per schedule (`schedule-{id}`), every change
 * decided by core/scheduling's decider. Before a create is decided, what the draft refers to is
 * checked against the read side (lookups.ts): the target visible to the user, the connected
 * account, template, group and uploaded image the user's own. The names found there are stored
 * with the schedule, so lists show them even after the account or template goes.
 *
 * The batch (Bulk Replies' "Schedule All") creates all or none. Every entry is validated, looked
 * up and DECIDED first, in memory; only when all of them produced their event is anything written.
 * Each entry goes to its own new stream carrying the batch id, which keeps it hidden
 * (core/scheduling/batch.ts), and ScheduleBatchCompleted makes them all visible at once. On a store
 * with an atomic multi-stream append (SQLite) all of it is one transaction. Otherwise (KurrentDB)
 * the entries are appended one by one: if an append fails midway, the schedules already created
 * are deleted again (compensation) before the error is answered; if the process dies midway, they
 * stay hidden and the recovery job (adapters/scheduler/batch-recovery.ts) abandons the batch and
 * deletes them.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@adapters/logging';
import { handleCommand } from '@core/eventstore/command-handler';
import { loadState } from '@core/eventstore/load-state';
import type { EventStore, Position } from '@core/eventstore/types';
import {
  decideSchedule,
  deleteBatchSchedules,
  endScheduleBatch,
  scheduleBatchStream,
  scheduleDecider,
  scheduleStream,
  type ScheduleCommand,
  type ScheduleDraft,
  type ScheduleEvent,
  SCHEDULE_MESSAGES,
} from '@core/scheduling';
import { editParts, type ScheduleEdit } from '@core/scheduling/schemas/edit';
import { requireMaySchedule, requireScheduleRoom, type ScheduleCaps } from '@core/scheduling/access';
import { AppError, isAppError } from '@core/shared/errors';
import { pausedTargetWords } from '@core/watching/estimate';
import type { User } from '@core/users/state';
import type { TierConfig } from '@core/users/tier';
import type { ScheduleLookups } from './lookups';
import { commandMetadata, commandOptions, expectedOf, type CommandContext, type Written } from '../commands';

export type ScheduleWritten = Written<{
  id: string;
  /** @mentions stripped from the text on creation (the pages show the policy notice). */
  mentionsRemoved: string[];
}>;

export const SCHEDULE_REF_MESSAGES = {
  targetNotFound: 'Target account not found',
  connectedAccountNotFound: 'Connected X account not found. Connect it on My X Accounts first.',
  templateNotFound: 'Template not found',
  templateGroupNotFound: 'Template group not found',
  imageNotFound: 'Image not found. Upload it again.',
  batchFailed: 'Failed to schedule bulk replies; nothing was scheduled. Please try again.',
} as const;

const scheduleNotFound = () => new AppError('not_found', SCHEDULE_MESSAGES.notFound, { reason: 'SCHEDULE_NOT_FOUND' });

const notFound = (message: string, field: string, reason: string) => new AppError('not_found', message, { field, reason });

/** An error of entry `index` of a batch, its field prefixed so the page can point at the row. */
const inEntry = (error: unknown, index: number): unknown =>
  isAppError(error)
    ? new AppError(error.code, error.message, { field: `entries.${index}${error.field ? `.${error.field}` : ''}`, ...(error.reason ? { reason: error.reason } : {}) })
    : error;

export interface SchedulesServiceDeps {
  store: EventStore;
  lookups: ScheduleLookups;
  tierConfig: TierConfig;
  /** Schedules one user may keep, per plan. */
  caps: ScheduleCaps;
  logger: Logger;
  clock: () => Date;
}

export const createSchedulesService = ({ store, lookups, tierConfig, caps, logger, clock }: SchedulesServiceDeps) => {

  /** The draft with its references checked (404 otherwise) and their names filled in. */
  const resolve = async (user: User, draft: ScheduleDraft): Promise<ScheduleDraft> => {
    const target = lookups.target(user, draft.targetAccountId);
    if (target === null) throw notFound(SCHEDULE_REF_MESSAGES.targetNotFound, 'accountId', 'TARGET_NOT_FOUND');
    // A paused account is not read, so an auto schedule on it would never fire: refused, not kept silently.
    if (draft.plan.kind === 'auto' && !target.monitored) throw new AppError('validation', pausedTargetWords(target.name), { field: 'accountId', reason: 'TARGET_PAUSED' });
    const account = lookups.connectedAccount(user.id, draft.connectedAccountId);
    if (account === null) throw notFound(SCHEDULE_REF_MESSAGES.connectedAccountNotFound, 'connectedAccountId', 'CONNECTED_ACCOUNT_NOT_FOUND');
    const content = draft.content;
    if (content.kind === 'template' && lookups.template(user.id, content.templateId) === null)
      throw notFound(SCHEDULE_REF_MESSAGES.templateNotFound, 'templateId', 'TEMPLATE_NOT_FOUND');
    if (content.kind === 'template_group' && lookups.templateGroup(user.id, content.templateGroupId) === null)
      throw notFound(SCHEDULE_REF_MESSAGES.templateGroupNotFound, 'templateGroupId', 'TEMPLATE_GROUP_NOT_FOUND');
    if (draft.imageUrl !== null && !(await lookups.imageAllowed(user.id, draft.imageUrl)))
      throw notFound(SCHEDULE_REF_MESSAGES.imageNotFound, 'imageUrl', 'IMAGE_NOT_FOUND');
    return { ...draft, targetAccountId: target.id, targetUsername: target.name, connectedAccountId: account.id, accountName: account.name };
  };

  const createCommand = (user: User, draft: ScheduleDraft, now: string, batchId?: string): Extract<ScheduleCommand, { type: 'CreateSchedule' }> => ({
    type: 'CreateSchedule',
    scheduleId: randomUUID(),
    userId: user.id,
    now,
    timeZone: user.timeZone,
    draft,
    ...(batchId === undefined ? {} : { batchId }),
  });

  /** Batch writes as the system (compensation, recovery) or as the caller. */
  const batchContext = (ctx: CommandContext) => ({ metadata: () => commandMetadata(ctx, clock().toISOString()), newId: randomUUID });

  const mentionsOf = (events: readonly ScheduleEvent[]): string[] =>
    events.flatMap((e) => (e.type === 'ScheduleCreated' || e.type === 'ScheduleEdited' ? e.data.mentionsRemoved : []));

  return {
    /** Creates one schedule (classic, V2, template based, or one bulk entry with `bulk`). */
    async create(user: User, draft: ScheduleDraft, ctx: CommandContext, options: { bulk?: boolean } = {}): Promise<ScheduleWritten> {
      const now = clock().toISOString();
      requireScheduleRoom(requireMaySchedule(user, now, tierConfig, options), lookups.scheduleCount(user.id), 1, caps);
      const command = createCommand(user, await resolve(user, draft), now);
      const result = await handleCommand(store, scheduleStream(command.scheduleId), scheduleDecider, command, {
        metadata: commandMetadata(ctx, now),
        newId: randomUUID,
      });
      return { id: command.scheduleId, position: result.position, mentionsRemoved: mentionsOf(result.events) };
    },

    /** All or none (see the file's comment). Errors name the entry: `entries.2.accountId`. */
    async createBatch(user: User, drafts: readonly ScheduleDraft[], ctx: CommandContext, options: { dryRun?: boolean } = {}): Promise<ScheduleWritten[]> {
      const now = clock().toISOString();
      requireScheduleRoom(requireMaySchedule(user, now, tierConfig, { bulk: true }), lookups.scheduleCount(user.id), drafts.length, caps);
      const batchId = randomUUID();
      const decided: { command: ReturnType<typeof createCommand>; events: ScheduleEvent[] }[] = [];
      for (const [index, draft] of drafts.entries()) {
        try {
          const command = createCommand(user, await resolve(user, draft), now, batchId);
          decided.push({ command, events: decideSchedule(command, scheduleDecider.initialState()) });
        } catch (error) {
          throw inEntry(error, index);
        }
      }

      // A dry run stops here: every entry was checked and decided, nothing is written.
      if (options.dryRun === true) return decided.map(({ command, events }) => ({ id: command.scheduleId, position: null, mentionsRemoved: mentionsOf(events) }));
      const scheduleIds = decided.map((d) => d.command.scheduleId);
      const completion = { type: 'ScheduleBatchCompleted' as const, data: { batchId, userId: user.id, scheduleIds } };
      const toNew = (e: { type: string; data: unknown }) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: commandMetadata(ctx, now) });

      if (store.appendMany !== undefined) {
        // One transaction (one fsync): every entry and the completion, or nothing at all.
        let results;
        try {
          results = await store.appendMany([
            ...decided.map(({ command, events }) => ({ stream: scheduleStream(command.scheduleId), events: events.map(toNew), expectedRevision: 'no_stream' as const })),
            { stream: scheduleBatchStream(batchId), events: [toNew(completion)], expectedRevision: 'no_stream' as const },
          ]);
        } catch (error) {
          logger.error({ err: error, batchId, of: decided.length }, 'bulk schedule failed; nothing was written');
          throw new AppError('unavailable', SCHEDULE_REF_MESSAGES.batchFailed, { reason: 'BATCH_FAILED', cause: error });
        }
        const position = results.at(-1)!.position;
        return decided.map(({ command, events }) => ({ id: command.scheduleId, position, mentionsRemoved: mentionsOf(events) }));
      }

      // Stores without an atomic multi-stream append (KurrentDB): the crash-safe protocol of
      // core/scheduling/batch.ts, one append per entry, then the completion.
      const written: ScheduleWritten[] = [];
      try {
        for (const { command, events } of decided) {
          const appended = await store.append(scheduleStream(command.scheduleId), events.map(toNew), 'no_stream');
          written.push({ id: command.scheduleId, position: appended.position, mentionsRemoved: mentionsOf(events) });
        }
        const completed = await endScheduleBatch(store, completion, batchContext(ctx));
        if (!completed.ended) throw new Error(`batch ${batchId} was abandoned before it completed`);
        // The schedules can be read once the batch is visible: wait for the completion, not the entry.
        for (const [i, w] of written.entries()) written[i] = { ...w, position: completed.position };
      } catch (error) {
        logger.error({ err: error, batchId, created: written.length, of: decided.length }, 'bulk schedule failed; removing the ones created');
        const system = batchContext({ ...ctx, actor: 'system' });
        await endScheduleBatch(store, { type: 'ScheduleBatchAbandoned', data: { batchId, userId: user.id, scheduleIds } }, system).catch(() => undefined);
        const undeleted = await deleteBatchSchedules(store, user.id, written.map((w) => w.id), system);
        // Still hidden (the batch never completed); the recovery job tries again.
        if (undeleted.length > 0) logger.error({ batchId, scheduleIds: undeleted }, 'compensating delete failed');
        throw new AppError('unavailable', SCHEDULE_REF_MESSAGES.batchFailed, { reason: 'BATCH_FAILED', cause: error });
      }
      return written;
    },

    /**
     * The owner's pending or inactive schedule posts from another of their connected accounts
     * (active, their own: else 404 on connectedAccountId); an executed one is refused (409).
     */
    async move(userId: string, scheduleId: string, connectedAccountId: string, ctx: CommandContext): Promise<Position | null> {
      const account = lookups.connectedAccount(userId, connectedAccountId);
      if (account === null) throw notFound(SCHEDULE_REF_MESSAGES.connectedAccountNotFound, 'connectedAccountId', 'CONNECTED_ACCOUNT_NOT_FOUND');
      const result = await handleCommand(
        store,
        scheduleStream(scheduleId),
        scheduleDecider,
        { type: 'MoveSchedule', scheduleId, userId, connectedAccountId: account.id, accountName: account.name },
        { ...commandOptions(ctx, clock), ...expectedOf(ctx) },
      );
      return result.position;
    },

    /**
     * The owner edits a pending or paused schedule: the edit is merged onto what the schedule is,
     * its references checked as on create (404 on the field), and the decider decides the rest
     * (validation, the next run, refusals). Someone else's schedule is 404 before anything is looked up.
     */
    async edit(user: User, scheduleId: string, edit: ScheduleEdit, ctx: CommandContext): Promise<ScheduleWritten> {
      const { state } = await loadState(store, scheduleStream(scheduleId), scheduleDecider);
      if (state.status === 'none' || state.status === 'deleted' || state.schedule.userId !== user.id) throw scheduleNotFound();
      const current = state.schedule;
      const { content, when } = editParts(edit);
      const draft = await resolve(user, {
        targetAccountId: edit.accountId ?? current.targetAccountId,
        connectedAccountId: edit.connectedAccountId ?? current.connectedAccountId,
        content: content ?? current.content,
        imageUrl: edit.imageUrl === undefined ? current.imageUrl : edit.imageUrl,
        plan: when ?? current.plan,
      });
      const now = clock().toISOString();
      const result = await handleCommand(store, scheduleStream(scheduleId), scheduleDecider, { type: 'EditSchedule', scheduleId, userId: user.id, now, draft }, {
        ...commandOptions(ctx, clock),
        ...expectedOf(ctx),
      });
      return { id: scheduleId, position: result.position, mentionsRemoved: mentionsOf(result.events) };
    },

    /** The owner pauses (no runs until resumed) or resumes their schedule. */
    async setPaused(userId: string, scheduleId: string, paused: boolean, ctx: CommandContext): Promise<Position | null> {
      const now = clock().toISOString();
      const command: ScheduleCommand = paused ? { type: 'PauseSchedule', scheduleId, userId, now } : { type: 'ResumeSchedule', scheduleId, userId, now };
      const result = await handleCommand(store, scheduleStream(scheduleId), scheduleDecider, command, { ...commandOptions(ctx, clock), ...expectedOf(ctx) });
      return result.position;
    },

    /**
     * Account deletion: the schedule runs no more (deactivated) and goes from the lists (deleted,
     * unless it already executed, which is kept as history until the account's rows are removed).
     */
    async stop(userId: string, scheduleId: string, ctx: CommandContext): Promise<Position | null> {
      const run = (command: Parameters<typeof scheduleDecider.decide>[0]) =>
        handleCommand(store, scheduleStream(scheduleId), scheduleDecider, command, { metadata: commandMetadata(ctx, clock().toISOString()), newId: randomUUID });
      let position = (await run({ type: 'DeactivateSchedule', scheduleId, userId })).position;
      try {
        position = (await run({ type: 'DeleteSchedule', scheduleId, userId })).position ?? position;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
      }
      return position;
    },

    /** The owner's pending schedule goes; an executed one is refused (409), someone else's is 404. */
    async remove(userId: string, scheduleId: string, ctx: CommandContext): Promise<Position | null> {
      const result = await handleCommand(store, scheduleStream(scheduleId), scheduleDecider, { type: 'DeleteSchedule', scheduleId, userId }, { ...commandOptions(ctx, clock), ...expectedOf(ctx) });
      return result.position;
    },
  };
};

export type SchedulesService = ReturnType<typeof createSchedulesService>;
