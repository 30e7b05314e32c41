/**
 * Dispatch: due schedules become replies on X, exactly once (docs/adr/0019-dispatch-exactly-once.md).
 *
 * Two scheduler jobs, run by the embedded scheduler and by `npm run scheduler` alike:
 *  - `replies:dispatch` takes the timed runs that are due (the schedules read model), claims each on
 *    its schedule's stream (of several processes exactly one wins; the others move on), carries
 *    the reply on its own stream (run.ts) and records the run on the schedule;
 *  - `replies:follow-up` retries rate-limited replies once X's reset has come (or skips them once
 *    too late), reconciles unconfirmed ones (sending again those established not on X while on
 *    time) and detects assisted ones posted by the user (one read of the account's own recent
 *    posts per interval, only for accounts with something waiting, newer than the last seen),
 *    expires ready ones past their time, and settles the sends of a process whose heartbeat is
 *    known gone.
 * Both hand their work to small pools and return at once, so a slow X never holds the heartbeat,
 * and runs due together start side by side. `stop` waits for the work in flight.
 *
 * The dispatcher also runs one schedule now, or a direct reply, for the admin's Scheduler Test.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { activeAutoSchedules, dueRuns } from '@adapters/read-models/scheduling';
import { watchedPostsSince } from '@adapters/read-models/watching';
import { AUTO_DELAY_MAX_MINUTES } from '@core/scheduling/messages';
import { autoRunsDue } from '@core/watching';
import { repliesToFollowUp, sendingReplies, type FollowUpRow } from '@adapters/read-models/replies';
import { schedulerProcess } from '@adapters/read-models/scheduler-health';
import { isKnownGone } from '@core/scheduler-health';
import type { SchedulerJob } from '@adapters/scheduler';
import { findOwnReply, isXError, type XPost } from '@core/x';
import { followUp, notFoundSettlesFrom, REPLY_MESSAGES, replyDecider, replyStream, type ReplyCommand, type ReplyRun, type ReplyState, type RunRecord } from '@core/replies';
import type { Position } from '@core/eventstore/types';
import { runReplyId } from '@core/scheduling/schedule';
import { scheduleDecider, scheduleStream } from '@core/scheduling';
import { AppError, isAppError } from '@core/shared/errors';
import type { WritingStyle } from '@core/styles';
import { connectedAccount, createContext, userClientOf, type Context, type DispatchDeps } from './context';
import { createPool } from './pool';
import { carryOn } from './run';
import { DIRECT_DELIVERY, handOver, send, settleEnded, withdrawIfAllowanceFull } from './steps';

export type { DispatchDeps, DispatchSettings } from './context';
export { DEFAULT_DISPATCH_SETTINGS } from './context';
export { CRASH_POINTS, crashAt, type CrashPoint } from './crash';
export { X_SENDING_PROBE_JOB } from './sending';

export const DISPATCH_JOB = 'replies:dispatch';
export const FOLLOW_UP_JOB = 'replies:follow-up';

export interface DirectReplyInput {
  userId: string;
  targetAccountId: string;
  targetUsername: string | null;
  connectedAccountId: string;
  connectedUsername: string | null;
  postId: string;
  text: string;
  /** An AI variation of `text` in this style (null: the text as given). */
  style: WritingStyle | null;
}

export interface Dispatcher {
  jobs: SchedulerJob[];
  /** Claims and runs a schedule's current run now (it must be due); answers the reply id and where it was written. */
  runSchedule(scheduleId: string): Promise<Written>;
  /** A reply to one post outside any schedule, through the same exactly-once path. */
  directReply(input: DirectReplyInput): Promise<Written>;
  /**
   * The user marks a ready or unconfirmed reply sent, skips it, or sends again one that did not go
   * out (core/replies decides; someone else's is not found).
   */
  userAction(replyId: string, command: Extract<ReplyCommand, { type: 'MarkSentByUser' | 'SkipByUser' | 'ResendByUser' }>): Promise<Written>;
  stop(): Promise<void>;
}

export interface Written {
  replyId: string;
  position: Position | null;
}

const quietConflict = (error: unknown): boolean => isAppError(error) && (error.code === 'conflict' || error.code === 'not_found');

/** X snowflakes compare by length, then as text. */
const newerId = (a: string, b: string | undefined): boolean => b === undefined || a.length > b.length || (a.length === b.length && a > b);

export const createDispatcher = (deps: DispatchDeps): Dispatcher => {
  const ctx: Context = createContext(deps);
  const { settings } = ctx;
  const runs = createPool(settings.concurrency);
  const followUps = createPool(Math.max(1, Math.min(16, settings.concurrency)));
  const inFlight = new Set<string>();
  const retryAt = new Map<string, number>();
  /**
   * Runs another process holds: their slot and the end of that claim's lease. The read model does
   * not know claims, so without this every tick would ask the store again for every run in flight
   * elsewhere (20 to 46 refused claims per run and process when three schedulers shared a burst of 500);
   * once the lease ends the run is tried again, which is how a dead claimant's run is taken over.
   */
  const heldElsewhere = new Map<string, { slot: string; until: number }>();
  const repliesInFlight = new Set<string>();
  const nextReadAt = new Map<string, number>();
  const sinceIds = new Map<string, string>();

  /**
   * Runs prepared ahead of their time, by schedule: each goes on at its time (a timer; the next
   * tick too, whichever comes first, so a clock moved on is followed). Still this process's claim.
   */
  const waiting = new Map<string, { untilMs: number; resume: () => Promise<unknown>; timer: ReturnType<typeof setTimeout> }>();
  const waitedOut = new Set<Promise<unknown>>();

  /** Hands a run's work to the pool; the schedule is in flight until it ends. */
  const launch = (scheduleId: string, work: () => Promise<unknown>): Promise<void> => {
    inFlight.add(scheduleId);
    return runs
      .run(work)
      .then(() => undefined)
      .catch((err: unknown) => {
        // A stream that kept changing (a user's other replies going out at the same moment)
        // decided nothing: the run goes again at the next tick, not after the wait for X.
        if (isAppError(err) && err.reason === 'CONCURRENCY_CONFLICT') {
          retryAt.delete(scheduleId);
          ctx.logger.warn({ err, scheduleId }, 'a due run met concurrent writes; it goes again at the next tick');
          return;
        }
        retryAt.set(scheduleId, ctx.clock().getTime() + settings.retryStartMs);
        ctx.logger.error({ err, scheduleId }, 'dispatching a due run failed');
      })
      .finally(() => inFlight.delete(scheduleId));
  };

  const wake = (scheduleId: string): void => {
    const entry = waiting.get(scheduleId);
    if (entry === undefined) return;
    waiting.delete(scheduleId);
    clearTimeout(entry.timer);
    const done = launch(scheduleId, entry.resume);
    waitedOut.add(done);
    void done.finally(() => waitedOut.delete(done));
  };

  const waitFor = (scheduleId: string, until: string, resume: () => Promise<unknown>): void => {
    const untilMs = Date.parse(until);
    const timer = setTimeout(() => wake(scheduleId), Math.max(0, untilMs - ctx.clock().getTime()));
    waiting.set(scheduleId, { untilMs, resume, timer });
  };

  const rememberHolder = async (scheduleId: string, slot: string) => {
    const state = await ctx.load(scheduleStream(scheduleId), scheduleDecider);
    if (state.status === 'pending' && state.claim !== undefined) heldElsewhere.set(scheduleId, { slot, until: Date.parse(state.claim.leaseUntil) });
  };

  /** Claim (up to the lead ahead of its time), carry on, record. Null when another process holds the run or it is not due. */
  /** A post seen this long before a run's grace began can still be due (its slot: at most the seen time plus the delay). */
  const AUTO_DELAY_MAX_MS = AUTO_DELAY_MAX_MINUTES * 60_000;
  /** Auto runs (schedule and slot) this process saw end or refused, with their due time: not asked for again. */
  const autoSettled = new Map<string, number>();

  const runDue = async (scheduleId: string, slot: string, aheadMs = 0, auto?: { postId: string; dueAt: string }): Promise<string | null> => {
    let claimed;
    try {
      claimed = await ctx.exec(
        scheduleStream(scheduleId),
        scheduleDecider,
        { type: 'ClaimRun', scheduleId, slot, now: ctx.nowIso(), claimant: ctx.claimant, leaseMs: settings.leaseMs, aheadMs },
        scheduleId,
      );
    } catch (error) {
      if (!quietConflict(error)) throw error;
      if (isAppError(error) && error.reason === 'RUN_CLAIMED') await rememberHolder(scheduleId, slot);
      return null;
    }
    const state = claimed.state;
    if (state.status !== 'pending' || state.claim === undefined) return null;
    ctx.crash('after_claim');
    const { schedule, claim } = state;
    const run: ReplyRun = {
      replyId: claim.replyId,
      userId: schedule.userId,
      scheduleId,
      slot: claim.slot,
      targetAccountId: schedule.targetAccountId,
      targetUsername: schedule.targetUsername,
      connectedAccountId: schedule.connectedAccountId,
      connectedUsername: schedule.accountName,
      // An auto run whose post was seen after its slot is due from when it was seen.
      ...(auto !== undefined && Date.parse(auto.dueAt) > Date.parse(claim.slot) ? { dueAt: auto.dueAt } : {}),
    };
    const source = {
      kind: 'schedule' as const,
      content: schedule.content,
      lastTemplateIndex: schedule.lastTemplateIndex,
      runCount: schedule.runCount,
      imageUrl: schedule.imageUrl,
      ...(auto === undefined ? { post: schedule.post } : { postId: auto.postId }),
    };
    const record = async (record: RunRecord) => {
      try {
        await ctx.exec(
          scheduleStream(scheduleId),
          scheduleDecider,
          {
            type: 'RecordRun',
            scheduleId,
            now: ctx.nowIso(),
            slot: claim.slot,
            outcome: record.outcome,
            reason: record.reason,
            templateId: record.templateId,
            ...(record.nextTemplateIndex === undefined ? {} : { nextTemplateIndex: record.nextTemplateIndex }),
          },
          run.replyId,
        );
      } catch (error) {
        // Deactivated or deleted meanwhile: the reply stands, the schedule runs no more.
        if (!quietConflict(error)) throw error;
      }
    };
    const proceed = async (): Promise<void> => {
      const result = await carryOn(ctx, run.replyId, { run, source }, record);
      if (result.waitUntil !== undefined) return waitFor(scheduleId, result.waitUntil, proceed);
      if (result.awaitingPost === true) retryAt.set(scheduleId, ctx.clock().getTime() + settings.postWaitPollMs);
      else if (!result.done) retryAt.set(scheduleId, ctx.clock().getTime() + settings.retryStartMs);
      else retryAt.delete(scheduleId);
    };
    await proceed();
    return run.replyId;
  };

  /**
   * Auto schedules: one run per new original post of their target the watcher recorded, its slot
   * the post's time plus the delay (due when seen, if that is later), answering that post. ClaimRun takes an auto slot only after the
   * last one recorded, and the run's reply id comes from the slot: a post seen twice, a restart or a
   * second process makes no second reply. Slots past the grace are not asked for (they would be
   * skipped as missed); runs of one schedule go one at a time, oldest first.
   */
  const launchAutoRuns = (nowMs: number, free: number) => {
    if (free <= 0) return;
    const oldest = nowMs - settings.graceMs;
    for (const [key, slotMs] of autoSettled) if (slotMs < oldest) autoSettled.delete(key);
    const posts = watchedPostsSince(ctx.db(), new Date(oldest - AUTO_DELAY_MAX_MS).toISOString());
    // Most ticks have no recent post: the schedules are not read then.
    if (posts.length === 0) return;
    const runs = autoRunsDue(activeAutoSchedules(ctx.db()), posts, nowMs + settings.leadMs, oldest);
    const taken = new Set<string>();
    let left = free;
    for (const r of runs) {
      if (left <= 0) return;
      const key = `${r.scheduleId}@${r.slot}`;
      if (taken.has(r.scheduleId) || autoSettled.has(key)) continue;
      taken.add(r.scheduleId);
      if (inFlight.has(r.scheduleId) || waiting.has(r.scheduleId) || (retryAt.get(r.scheduleId) ?? 0) > nowMs || heldElsewhere.get(r.scheduleId)?.slot === r.slot) continue;
      left -= 1;
      void launch(r.scheduleId, async () => {
        const replyId = await runDue(r.scheduleId, r.slot, settings.leadMs, { postId: r.postId, dueAt: r.dueAt });
        // Refused (an older or the same slot recorded, the schedule stopped) or carried to its end.
        if ((replyId === null && !heldElsewhere.has(r.scheduleId)) || (replyId !== null && !retryAt.has(r.scheduleId) && !waiting.has(r.scheduleId))) {
          // Kept while the run is still asked for: until its due time (not its slot: a post seen late is due when seen) leaves the grace.
          autoSettled.set(key, Date.parse(r.dueAt));
        }
        return replyId;
      });
    }
  };

  const dispatchJob: SchedulerJob = {
    name: DISPATCH_JOB,
    run: async (now) => {
      if (ctx.x === null) return;
      const nowMs = now.getTime();
      for (const [scheduleId, entry] of waiting) if (entry.untilMs <= nowMs) wake(scheduleId);
      // While X refuses the app no run starts (each would ask X in vain); runs due meanwhile
      // start once sending resumes, those past their grace skipped as late.
      if (ctx.sending.pausedFor(nowMs) !== null) return;
      const free = settings.batch - inFlight.size - waiting.size;
      if (free <= 0) return;
      for (const [id, held] of heldElsewhere) if (held.until <= nowMs) heldElsewhere.delete(id);
      // Runs due within the lead are claimed and prepared now, and posted at their time.
      const due = dueRuns(ctx.db(), new Date(nowMs + settings.leadMs).toISOString(), free + inFlight.size + waiting.size + heldElsewhere.size).filter(
        (d) =>
          !inFlight.has(d.scheduleId) &&
          !waiting.has(d.scheduleId) &&
          (retryAt.get(d.scheduleId) ?? 0) <= nowMs &&
          heldElsewhere.get(d.scheduleId)?.slot !== d.slot,
      );
      for (const d of due.slice(0, free)) void launch(d.scheduleId, () => runDue(d.scheduleId, d.slot, settings.leadMs));
      launchAutoRuns(nowMs, free - Math.min(free, due.length));
    },
  };

  const load = (replyId: string) => ctx.load(replyStream(replyId), replyDecider);
  const command = (replyId: string, cmd: Parameters<typeof replyDecider.decide>[0]) => ctx.exec(replyStream(replyId), replyDecider, cmd, replyId);

  /** After a follow-up changed a reply: what an ended reply gives back. */
  const afterwards = async (replyId: string) => settleEnded(ctx, await load(replyId));

  /** A held reply whose time has come: sent, or skipped when too late (also when X holds it again until too late). */
  const retry = async (replyId: string) => {
    for (let sent = false; ; sent = true) {
      const state = await load(replyId);
      if (state.status !== 'rate_limited') break;
      const next = followUp(state, ctx.nowIso(), settings.graceMs);
      if (next.step === 'skip_late') {
        await command(replyId, { type: 'CancelRun', reason: next.reason, now: ctx.nowIso() });
        break;
      }
      if (next.step !== 'send' || sent) break;
      // Held (a limit, or a full trial allowance): an assisted reply goes back to the ready queue.
      if (state.prepared.mode === 'direct') await send(ctx, state);
      else await handOver(ctx, state);
    }
    await afterwards(replyId);
  };

  const expire = async (replyId: string) => {
    const state = await load(replyId);
    if (followUp(state, ctx.nowIso()).step !== 'expire') return;
    await command(replyId, { type: 'Expire', now: ctx.nowIso() });
    await afterwards(replyId);
  };

  /**
   * Not found on X is an answer only once the reply's POST cannot still be on its way (core/replies
   * notFoundSettlesFrom): a scheduler that lost its lease while posting, or X answering slowly, may
   * yet store it, and a reply settled failed then would be a post on X recorded as not posted.
   */
  const postNoLongerUnderWay = async (replyId: string, nowMs: number): Promise<boolean> => {
    const state = await load(replyId);
    return state.status === 'unconfirmed' && nowMs >= notFoundSettlesFrom(state, settings.postWindow, settings.reconcileAfterMs);
  };

  /** One read of the account's own recent posts settles its unconfirmed replies and finds its posted ready ones. */
  const readAccount = async (accountId: string, rows: FollowUpRow[]) => {
    const nowMs = ctx.clock().getTime();
    nextReadAt.set(accountId, nowMs + settings.detectEveryMs);
    const account = await connectedAccount(ctx, accountId);
    const client = account === null ? null : userClientOf(ctx, account);
    if (account === null || client === null) return;
    // Unconfirmed replies may predate what was read before: read the latest page whole then.
    const since = rows.some((r) => r.status === 'unconfirmed') ? undefined : sinceIds.get(accountId);
    let posts: XPost[];
    try {
      posts = await client.recentPosts({ userId: account.xUserId, includeReplies: true, maxResults: 100, ...(since === undefined ? {} : { sinceId: since }) });
    } catch (error) {
      if (!isXError(error)) throw error;
      const outcome = error.outcome;
      const reset = outcome.kind === 'rate_limited' && outcome.resetAt !== undefined ? Date.parse(outcome.resetAt) : Number.NaN;
      if (Number.isFinite(reset)) nextReadAt.set(accountId, Math.max(reset, nowMs + settings.detectEveryMs));
      ctx.logger.warn({ err: error, accountId }, 'reading the own posts of an X account failed; trying again later');
      return;
    }
    for (const p of posts) if (newerId(p.id, sinceIds.get(accountId))) sinceIds.set(accountId, p.id);
    for (const row of rows) {
      if (row.postId === null) continue;
      const found = findOwnReply(posts, { inReplyToPostId: row.postId, text: row.content });
      if (row.status === 'ready') {
        if (found !== undefined) {
          await command(row.id, { type: 'DetectPosted', replyPostId: found.id, now: ctx.nowIso() });
          await afterwards(row.id);
        } else {
          const state = await load(row.id);
          if (state.status === 'ready') await withdrawIfAllowanceFull(ctx, state);
        }
        continue;
      }
      ctx.crash('during_reconcile');
      if (found !== undefined) await command(row.id, { type: 'Settle', found: { replyPostId: found.id }, now: ctx.nowIso() });
      else if (nowMs - Date.parse(row.updatedAt) >= settings.reconcileAfterMs && (await postNoLongerUnderWay(row.id, nowMs))) {
        // Not on X: sent again while the run is on time (core/replies maySendAgain), else failed.
        await command(row.id, { type: 'Settle', found: null, now: ctx.nowIso(), graceMs: settings.graceMs });
      } else continue;
      await afterwards(row.id);
    }
  };

  /**
   * Sends recorded by a process whose heartbeat is known gone (core/scheduler-health isKnownGone):
   * unconfirmed now, and reconciled like any, rather than shown 'Sending' until the run's lease
   * lets another scheduler take it over. Sends of unknown processes wait for the lease.
   */
  const host = hostname();
  const pidRuns = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
  };
  const settleSendsOfGone = async (nowMs: number) => {
    const gone = new Map<string, boolean>();
    for (const row of sendingReplies(ctx.db(), settings.batch)) {
      if (row.sendingBy === null || row.sendingBy === deps.processId) continue;
      let isGone = gone.get(row.sendingBy);
      if (isGone === undefined) {
        const view = schedulerProcess(ctx.db(), row.sendingBy);
        isGone = view !== null && isKnownGone(view, nowMs, { host, pidRuns });
        gone.set(row.sendingBy, isGone);
      }
      if (!isGone) continue;
      ctx.logger.warn({ replyId: row.id, processId: row.sendingBy }, 'a send of a scheduler that is gone is settled: unconfirmed, then looked up on X');
      try {
        await command(row.id, { type: 'MarkUnconfirmed', reason: REPLY_MESSAGES.interrupted, now: ctx.nowIso() });
      } catch (error) {
        // Settled meanwhile (its answer came after all): nothing to do.
        if (!quietConflict(error)) throw error;
      }
    }
  };

  let followUpBusy = false;
  const followUpJob: SchedulerJob = {
    name: FOLLOW_UP_JOB,
    run: async (now) => {
      if (ctx.x === null || followUpBusy) return;
      followUpBusy = true;
      const nowMs = now.getTime();
      const tasks: Promise<unknown>[] = [];
      const track = (id: string, work: () => Promise<unknown>) => {
        repliesInFlight.add(id);
        tasks.push(
          followUps
            .run(work)
            .catch((err: unknown) => ctx.logger.error({ err, id }, 'a reply follow-up failed'))
            .finally(() => repliesInFlight.delete(id)),
        );
      };
      try {
        track('sends-of-gone', () => settleSendsOfGone(nowMs));
        const byAccount = new Map<string, FollowUpRow[]>();
        // Paused (X refuses the app): only what needs no call to X, the expiry of ready replies.
        const paused = ctx.sending.pausedFor(nowMs) !== null;
        for (const row of repliesToFollowUp(ctx.db(), now.toISOString(), settings.batch)) {
          if (repliesInFlight.has(row.id)) continue;
          if (row.status === 'ready' && row.expiresAt !== null && Date.parse(row.expiresAt) <= nowMs) track(row.id, () => expire(row.id));
          else if (paused) continue;
          else if (row.status === 'rate_limited') track(row.id, () => retry(row.id));
          else byAccount.set(row.connectedAccountId, [...(byAccount.get(row.connectedAccountId) ?? []), row]);
        }
        for (const [accountId, rows] of byAccount) {
          if ((nextReadAt.get(accountId) ?? 0) > nowMs) continue;
          track(`account:${accountId}`, () => readAccount(accountId, rows));
        }
      } catch (err) {
        followUpBusy = false;
        throw err;
      }
      // The heartbeat goes on; the next follow-up waits until this one's work is done.
      void Promise.all(tasks).finally(() => {
        followUpBusy = false;
      });
    },
  };

  return {
    jobs: [dispatchJob, followUpJob, ctx.sending.job],
    runSchedule: async (scheduleId) => {
      const state = await ctx.load(scheduleStream(scheduleId), scheduleDecider);
      if (state.status !== 'pending') throw new AppError('conflict', 'This schedule has no run to make', { reason: 'SCHEDULE_INACTIVE' });
      const slot = state.schedule.nextRunTime;
      if (slot === null || Date.parse(slot) > ctx.clock().getTime()) {
        throw new AppError('conflict', 'This run of the schedule is not due', { reason: 'RUN_NOT_DUE' });
      }
      inFlight.add(scheduleId);
      const expected = runReplyId(scheduleId, slot);
      ctx.watch(expected);
      try {
        const replyId = await runDue(scheduleId, slot);
        if (replyId === null) throw new AppError('conflict', 'This run is being handled by another scheduler', { reason: 'RUN_CLAIMED' });
        return { replyId, position: ctx.takePosition(expected) };
      } finally {
        ctx.takePosition(expected);
        inFlight.delete(scheduleId);
      }
    },
    directReply: async (input) => {
      const replyId = randomUUID();
      ctx.watch(replyId);
      const run: ReplyRun = {
        replyId,
        userId: input.userId,
        scheduleId: null,
        slot: ctx.nowIso(),
        targetAccountId: input.targetAccountId,
        targetUsername: input.targetUsername,
        connectedAccountId: input.connectedAccountId,
        connectedUsername: input.connectedUsername,
      };
      const result = await carryOn(ctx, replyId, { run, source: { kind: 'direct', postId: input.postId, text: input.text, style: input.style }, forceMode: DIRECT_DELIVERY });
      const position = ctx.takePosition(replyId);
      if (result.state.status === 'none') throw new AppError('unavailable', 'X could not be reached; nothing was sent', { reason: 'X_UNAVAILABLE' });
      return { replyId, position };
    },
    userAction: async (replyId, cmd) => {
      ctx.watch(replyId);
      try {
        await command(replyId, cmd);
        await afterwards(replyId);
        return { replyId, position: ctx.takePosition(replyId) };
      } finally {
        ctx.takePosition(replyId);
      }
    },
    stop: async () => {
      // Runs prepared ahead go out at their time (at most the lead away), then the pools drain.
      while (waiting.size > 0 || waitedOut.size > 0) {
        await Promise.all([...waitedOut]);
        if (waiting.size > 0) await new Promise((r) => setTimeout(r, 50));
      }
      await Promise.all([runs.idle(), followUps.idle()]);
    },
  };
};

export type { ReplyState };
