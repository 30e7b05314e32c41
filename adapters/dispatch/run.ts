/**
 * Carrying a reply on: read its stream, ask core/replies `dispatchStep` what comes next, do that
 * step, and again, until the run is over for the schedule (record_run) or a step must wait. A
 * process that takes over a lapsed claim runs the same loop on the same stream and so carries on
 * exactly where the other stopped: a reply found 'sending' is never posted again (unconfirmed).
 */
import { dispatchStep, replyDecider, replyStream, type ReplyRun, type ReplyState, type RunRecord, type DeliveryChoice } from '@core/replies';
import type { Context } from './context';
import { handOver, openClientAhead, send, settleEnded, start, type ReplySource } from './steps';

export interface RunStart {
  run: ReplyRun;
  source: ReplySource;
  forceMode?: DeliveryChoice;
}

/** Steps of one loop at most: start, send or hand over, unconfirmed, record (a bound, not a target). */
const MAX_STEPS = 8;

/**
 * Follows the reply until its run is decided. `onRecord` records the run on the schedule. Answers
 * the reply's state, and whether the run is over (false: X could not be reached, or another
 * process holds the send; with `waitUntil`: prepared ahead, it goes on at its time; `awaitingPost`:
 * the target has not made the post its rule waits for yet).
 */
export const carryOn = async (
  ctx: Context,
  replyId: string,
  begin: RunStart | null,
  onRecord?: (record: RunRecord) => Promise<void>,
): Promise<{ state: ReplyState; done: boolean; waitUntil?: string; awaitingPost?: boolean }> => {
  for (let i = 0; i < MAX_STEPS; i += 1) {
    const state = await ctx.load(replyStream(replyId), replyDecider);
    const step = dispatchStep(state, ctx.nowIso(), ctx.settings.graceMs);
    switch (step.step) {
      case 'wait':
        // Prepared ahead: nothing is taken from the trial yet (a reply uses it when it reaches X).
        // Its X client (tokens unsealed, client built): one thing less to do at its time.
        if (state.status === 'pending' && state.prepared.mode === 'direct') await openClientAhead(ctx, state.run);
        return { state, done: false, waitUntil: step.until };
      case 'start': {
        if (begin === null) return { state, done: false };
        const started = await start(ctx, begin.run, begin.source, begin.forceMode);
        if (started === 'awaiting_post') return { state, done: false, awaitingPost: true };
        if (started !== 'progress') return { state, done: false };
        break;
      }
      case 'send': {
        if (state.status !== 'pending') return { state, done: false };
        if ((await send(ctx, state)) !== 'progress') return { state, done: false };
        break;
      }
      case 'hand_over': {
        if (state.status !== 'pending') return { state, done: false };
        if ((await handOver(ctx, state)) !== 'progress') return { state, done: false };
        break;
      }
      case 'skip_late':
        await ctx.exec(replyStream(replyId), replyDecider, { type: 'CancelRun', reason: step.reason, now: ctx.nowIso() }, replyId);
        break;
      case 'mark_unconfirmed':
        await ctx.exec(replyStream(replyId), replyDecider, { type: 'MarkUnconfirmed', reason: step.reason, now: ctx.nowIso() }, replyId);
        break;
      case 'record_run':
        ctx.postTimes.delete(replyId);
        ctx.trialTaken.delete(replyId);
        ctx.userClients.delete(replyId);
        await settleEnded(ctx, state);
        if (onRecord !== undefined) await onRecord(step.record);
        return { state, done: true };
      default: {
        const _never: never = step;
        return { state, done: false };
      }
    }
  }
  return { state: await ctx.load(replyStream(replyId), replyDecider), done: false };
};
