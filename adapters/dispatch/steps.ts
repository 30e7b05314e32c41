/**
 * The steps of one reply, each a decision of core/replies appended to the reply's stream
 * (`reply-<replyId>`) before anything is done at X:
 *  - start: lateness, target post, the one-reply-per-post reservation, text (the first of the run's
 *    texts X would not refuse as a repeat), delivery mode; then Prepare, or SkipRun / Refuse with the reason;
 *  - send: the trial's reply (ConsumeReply), the hourly cap, X's posting budgets, StartSending (the durable record: only
 *    the process whose append succeeded posts), the POST, RecordOutcome;
 *  - hand over: the trial's reply, then the X web-intent link (assisted delivery);
 *  - settle: what a reply that ended gives back (the trial's reply, the text for other accounts).
 */
import { isAiError, isAiLimitReason, type AiContext, type AiError } from '@core/ai';
import { SCHEDULER_ACTOR } from '@core/eventstore/types';
import { randomUUID } from 'node:crypto';
import type { ReadDb } from '@adapters/projections-sqlite';
import { targetIdentity } from '@adapters/read-models/monitoring';
import { repliedPostIds, sentAtSince } from '@adapters/read-models/replies';
import { hourlyCapOf } from '@adapters/read-models/users';
import { findTemplate, findTemplateGroup } from '@adapters/read-models/templates';
import { reserve, isReservationTaken } from '@core/eventstore/reservation';
import {
  chooseDeliveryFor,
  aiLengthFor,
  dueAtOf,
  finalText,
  hourlyCap,
  lateness,
  lateToSend,
  mayBeginPost,
  noTextLeftReason,
  startWindowMs,
  targetForRule,
  type TargetDecision,
  readyExpiry,
  refundsTrialReply,
  REPLY_MESSAGES,
  replyDecider,
  replyStream,
  replyTargetReservation,
  TEXT_USED_ELSEWHERE,
  textChoices,
  textSource,
  textUsageDecider,
  textUsageStream,
  type DeliveryChoice,
  type FailureStatus,
  type ReplyCommand,
  type ReplyRun,
  type ReplyState,
  type TemplateForReply,
  type TextChoice,
} from '@core/replies';
import type { ContentSource } from '@core/scheduling/model';
import type { PostRule } from '@core/scheduling/post-rule';
import { scheduleDecider, scheduleStream } from '@core/scheduling';
import { AppError, isAppError } from '@core/shared/errors';
import type { WritingStyle } from '@core/styles';
import { userDecider } from '@core/users/decider';
import { requireActiveUser } from '@core/users/guards';
import { mayReachX, type ReachXDecision } from '@core/users/quota';
import { userStream } from '@core/users/streams';
import { hasLongPosts, isXError, replyIntentUrl, type XPost, type XUserClient } from '@core/x';
import { xAccountDecider, xAccountStream, type ConnectedXAccount } from '@core/x-accounts';
import { X_SENDING_MESSAGES } from '@core/x-sending';
import { aiContextOf } from './ai-context';
import { connectedAccount, mediaOf, userClientFor, type Context } from './context';
import { textKeyOf } from './text-key';

/** Where the text of a run comes from: a schedule's content, or the admin's direct reply. */
export type ReplySource =
  /** `postId`: the post an auto run answers (the one the watcher saw), not the target's latest. */
  /** `post`: which post a timed run answers (the schedule's rule; undefined for schedules made before rules). */
  | { kind: 'schedule'; content: ContentSource; lastTemplateIndex: number; runCount?: number; imageUrl: string | null; postId?: string; post?: PostRule | null }
  | { kind: 'direct'; postId: string; text: string; style: WritingStyle | null };

export const ACCOUNT_GONE = 'The X account that posts this reply is no longer connected';
const X_NOT_CONFIGURED = 'X is not configured';
export const POST_GONE = 'The post is deleted or not visible';
const DIRECT_REASON = 'Sent from the Scheduler Test page through the API';

/** What a step did: moved the reply on, or could not (X unreachable): try again later; or waits for the target's next post. */
export type StepResult = 'progress' | 'later' | 'taken' | 'awaiting_post';

const replyCmd = (ctx: Context, replyId: string, command: ReplyCommand) => ctx.exec(replyStream(replyId), replyDecider, command, replyId);

const refuse = async (ctx: Context, run: ReplyRun, status: FailureStatus, message: string, withRun: boolean) => {
  await replyCmd(ctx, run.replyId, { type: 'Refuse', status, message, now: ctx.nowIso(), ...(withRun ? { run } : {}) });
};

const skip = async (ctx: Context, run: ReplyRun, reason: string) => {
  await replyCmd(ctx, run.replyId, { type: 'SkipRun', run, reason, now: ctx.nowIso() });
};

/** The templates a schedule's content may use, read once for this run. */
const lookups = (db: ReadDb, userId: string, content: ContentSource) => {
  const templatesById = new Map<string, TemplateForReply>();
  const add = (id: string) => {
    const t = findTemplate(db, userId, id);
    if (t !== null) templatesById.set(id, { content: t.content, useAI: t.useAI, viralStyle: t.viralStyle, imageUrl: t.imageUrl, isActive: t.isActive, aiMaxLength: t.aiMaxLength });
  };
  const groups = new Map<string, string[]>();
  if (content.kind === 'template') add(content.templateId);
  if (content.kind === 'template_group') {
    const group = findTemplateGroup(db, userId, content.templateGroupId);
    if (group !== null && group.isActive) {
      groups.set(group.id, group.templateIds);
      for (const id of group.templateIds) add(id);
    }
  }
  return { templatesById, groupTemplateIds: (groupId: string) => groups.get(groupId) ?? null };
};

/**
 * The text of one try: fixed, or an AI writing (seed: the try) that sees the target post and
 * what the owner's plan adds (`context`, gathered once per run, only when an AI writes);
 * `aiFallback`: the provider's failure when the offline writer wrote it in the provider's place.
 */
const writeText = async (
  ctx: Context,
  run: ReplyRun,
  choice: TextChoice,
  post: XPost,
  targetUsername: string,
  xPremium: boolean,
  context: () => Promise<AiContext | undefined>,
): Promise<{ text: string; aiFallback: string | null }> => {
  if (choice.kind === 'fixed' || choice.style === null) return { text: choice.text ?? '', aiFallback: null };
  const seen = await context();
  const seed = choice.attempt + 1;
  const maxLength = aiLengthFor(choice, xPremium);
  // Counted against the AI provider's limits for the schedule's owner (adapters/ai-provider).
  const options = { userId: run.userId };
  const answer =
    choice.text === null || choice.text.trim() === ''
      ? await ctx.ai.replyTo({ postText: post.text, accountName: `@${targetUsername}`, style: choice.style, maxLength, seed, ...(seen ? { context: seen } : {}) }, options)
      : await ctx.ai.rewrite({ text: choice.text, style: choice.style, maxLength, seed, target: { username: targetUsername, postText: post.text }, ...(seen ? { context: seen } : {}) }, options);
  if (answer.fallback !== undefined) ctx.logger.warn({ replyId: run.replyId, fallback: answer.fallback }, 'the offline writer wrote an AI reply in place of the provider');
  return { text: answer.text, aiFallback: answer.fallback === undefined ? null : (answer.fallbackCause ?? answer.fallback) };
};

type TextPick =
  | { ok: true; text: string; truncated: boolean; choice: TextChoice; aiFallback: string | null }
  | { ok: false; status: FailureStatus; reason: string }
  | { ok: false; status: 'skipped'; reason: string }
  /** The AI provider failed and its fallback is to wait (core/ai AiFallback). */
  | { ok: false; status: 'ai_failed'; error: AiError };

/**
 * The first of the run's texts (core textChoices: the next variation, the next template of the
 * group, a fresh AI writing) that X would not take for a repeat, held for this reply on its
 * text-usage stream before X is asked; skipped with the reason when none is left.
 * `xPremium`: the posting account may post 25,000 characters (its X subscription at the last connect).
 */
const pickText = async (ctx: Context, run: ReplyRun, choices: Iterable<TextChoice>, post: XPost, targetUsername: string, xPremium: boolean): Promise<TextPick> => {
  let tried = 0;
  let last: string = REPLY_MESSAGES.duplicateOwn;
  const tried_ = new Set<string>();
  let gathered: Promise<AiContext | undefined> | null = null;
  const context = () => (gathered ??= aiContextOf(ctx, run, post));
  for (const choice of choices) {
    let raw: { text: string; aiFallback: string | null };
    try {
      raw = await writeText(ctx, run, choice, post, targetUsername, xPremium, context);
    } catch (error) {
      if (!isAiError(error)) throw error;
      return { ok: false, status: 'ai_failed', error };
    }
    const final = finalText(raw.text, { xPremium });
    if (!final.ok) return { ok: false, status: final.status, reason: final.reason };
    const textKey = textKeyOf(final.text);
    // Two variations can meet once cut to the length limit or stripped of mentions.
    if (tried_.has(textKey)) continue;
    tried_.add(textKey);
    tried += 1;
    const use = { type: 'UseText' as const, textKey, connectedAccountId: run.connectedAccountId, userId: run.userId, targetAccountId: run.targetAccountId, replyId: run.replyId, now: ctx.nowIso() };
    try {
      await ctx.exec(textUsageStream(textKey), textUsageDecider, use, run.replyId);
      return { ok: true, text: final.text, truncated: final.truncated, choice, aiFallback: raw.aiFallback };
    } catch (error) {
      if (!(isAppError(error) && error.reason === TEXT_USED_ELSEWHERE)) throw error;
      last = error.message;
    }
  }
  return { ok: false, status: 'skipped', reason: noTextLeftReason(tried, last) };
};

/**
 * The AI provider failed and its fallback is to wait: a scheduled run waits while its next try
 * (the dispatch's retry) is still on time, and is skipped with the provider's failure once it is
 * not, or at once when a limit was reached (waiting a few minutes does not lift it). The admin's
 * direct reply is refused with it.
 */
const aiFailed = async (ctx: Context, run: ReplyRun, source: ReplySource, error: AiError): Promise<StepResult> => {
  const reason = REPLY_MESSAGES.aiUnavailable(error.message);
  if (source.kind === 'direct') {
    await refuse(ctx, run, 'failed', reason, true);
    return 'progress';
  }
  if (isAiLimitReason(error.reason)) {
    await skip(ctx, run, error.message);
    return 'progress';
  }
  const nextTry = ctx.clock().getTime() + ctx.settings.retryStartMs;
  if (lateness(dueAtOf(run), nextTry, ctx.settings.graceMs).late) {
    await skip(ctx, run, reason);
    return 'progress';
  }
  ctx.logger.warn({ err: error, replyId: run.replyId }, 'the AI provider did not write the reply; the run tries again while it is on time');
  return 'later';
};

/** The post the run answers, the time it waits for one until, or the reason there is none (null: X could not be asked). */
const findTarget = async (ctx: Context, run: ReplyRun, source: ReplySource): Promise<TargetDecision | null> => {
  const x = ctx.x;
  if (x === null) return null;
  try {
    const postId = source.postId;
    if (postId !== undefined) {
      // An auto run answers what the watcher saw; once its target is paused it answers nothing.
      const watched = source.kind === 'schedule' ? targetIdentity(ctx.db(), run.targetAccountId) : null;
      if (watched !== null && !watched.monitored) return { skip: REPLY_MESSAGES.targetPaused(watched.username) };
      const post = await x.getPost(postId);
      return post === null ? { skip: POST_GONE } : { post };
    }
    const identity = targetIdentity(ctx.db(), run.targetAccountId);
    const username = identity?.username ?? run.targetUsername;
    if (username === null) return { skip: REPLY_MESSAGES.noRecentPost(null) };
    let xUserId = identity?.xUserId ?? null;
    if (xUserId === null) xUserId = (await x.lookupUser(username))?.id ?? null;
    if (xUserId === null) return { skip: REPLY_MESSAGES.noRecentPost(username) };
    const posts = await ctx.recentPostsOf(xUserId);
    return targetForRule(posts, source.kind === 'schedule' ? source.post : undefined, {
      now: ctx.nowIso(),
      dueAt: dueAtOf(run),
      legacyFreshnessMs: ctx.settings.freshnessMs,
      repliedPostIds: repliedPostIds(ctx.db(), run.connectedAccountId),
      authorId: xUserId,
      targetUsername: username,
    });
  } catch (error) {
    if (!isXError(error)) throw error;
    if (!(await ctx.sending.pauseOnError(error))) ctx.logger.warn({ err: error, replyId: run.replyId }, 'X could not be asked for the target post; the run tries again');
    return null;
  }
};

/** Nothing recorded yet: decide everything up to Prepare (or end the run with its reason). */
export const start = async (ctx: Context, run: ReplyRun, source: ReplySource, forceMode?: DeliveryChoice): Promise<StepResult> => {
  if (source.kind === 'schedule') {
    // A run waiting for the target's next post is on time while it waits.
    const late = lateness(dueAtOf(run), ctx.nowIso(), ctx.settings.graceMs + startWindowMs(source.post));
    if (late.late) {
      await skip(ctx, run, late.reason);
      return 'progress';
    }
  }
  const account = await connectedAccount(ctx, run.connectedAccountId);
  if (account === null || account.userId !== run.userId) {
    await refuse(ctx, run, 'failed', ACCOUNT_GONE, true);
    return 'progress';
  }
  const target = await findTarget(ctx, run, source);
  if (target === null) return 'later';
  if ('wait' in target) return 'awaiting_post';
  if ('skip' in target) {
    await skip(ctx, run, target.skip);
    return 'progress';
  }
  const { post } = target;
  try {
    await reserve(ctx.store, replyTargetReservation(run.connectedAccountId, post.id, run.replyId), {
      metadata: { actor: SCHEDULER_ACTOR, correlationId: run.replyId, causationId: null, time: ctx.nowIso() },
      newId: randomUUID,
    });
  } catch (error) {
    if (!isReservationTaken(error)) throw error;
    await skip(ctx, run, REPLY_MESSAGES.alreadyReplied);
    return 'progress';
  }
  const content: ContentSource =
    source.kind === 'direct' ? (source.style === null ? { kind: 'text', text: source.text } : { kind: 'ai', style: source.style, baseText: source.text }) : source.content;
  const facts = { content, lastTemplateIndex: source.kind === 'direct' ? 0 : source.lastTemplateIndex, runCount: source.kind === 'direct' ? 0 : (source.runCount ?? 0) };
  const textLookups = lookups(ctx.db(), run.userId, content);
  const plan = textSource(facts, textLookups);
  if (plan.kind === 'none') {
    await refuse(ctx, run, 'failed', plan.reason, true);
    return 'progress';
  }
  const targetUsername = run.targetUsername ?? post.author?.username ?? 'the author';
  const text = await pickText(ctx, run, textChoices(facts, textLookups), post, targetUsername, hasLongPosts(account.subscriptionType));
  if (!text.ok && text.status === 'ai_failed') return aiFailed(ctx, run, source, text.error);
  if (!text.ok) {
    if (text.status === 'skipped') await skip(ctx, run, text.reason);
    else await refuse(ctx, run, text.status, text.reason, true);
    return 'progress';
  }
  const chosen = text.choice;
  const x = ctx.x;
  if (x === null) return 'later';
  const delivery = forceMode ?? chooseDeliveryFor(x.deliveryMode, x.access, post, { id: account.xUserId, username: account.username });
  if (post.createdAt !== undefined) ctx.postTimes.set(run.replyId, post.createdAt);
  // A post that came while the run waited for it: the reply is due now, its lateness counts from here.
  const nowMs = Date.parse(ctx.nowIso());
  const prepareRun: ReplyRun = Date.parse(dueAtOf(run)) < nowMs - ctx.settings.graceMs ? { ...run, dueAt: ctx.nowIso() } : run;
  await replyCmd(ctx, run.replyId, {
    type: 'Prepare',
    run: prepareRun,
    prepared: {
      postId: post.id,
      postAuthorId: post.authorId,
      postText: post.text,
      postCreatedAt: post.createdAt === undefined || !Number.isFinite(Date.parse(post.createdAt)) ? null : new Date(post.createdAt).toISOString(),
      text: text.text,
      truncated: text.truncated,
      imageUrl: (source.kind === 'schedule' ? source.imageUrl : null) ?? chosen.templateImageUrl,
      templateId: chosen.templateId,
      nextTemplateIndex: chosen.nextTemplateIndex,
      ai: chosen.kind === 'ai',
      aiFallback: text.aiFallback,
      mode: delivery.mode,
      modeReason: delivery.reason,
    },
    now: ctx.nowIso(),
  });
  return 'progress';
};

export const DIRECT_DELIVERY: DeliveryChoice = { mode: 'direct', reason: DIRECT_REASON };

/**
 * While a prepared reply waits for its time: opens its account's X client now (tokens unsealed,
 * client built), so that its time finds it ready. Whatever fails here is tried again at the time.
 */
export const openClientAhead = async (ctx: Context, run: ReplyRun): Promise<void> => {
  if (ctx.x === null) return;
  try {
    const account = await connectedAccount(ctx, run.connectedAccountId);
    if (account !== null) userClientFor(ctx, run.replyId, account);
  } catch (err) {
    ctx.logger.warn({ err, replyId: run.replyId }, 'the X client of a prepared reply could not be opened ahead; it will be at its time');
  }
};

type Open = Extract<ReplyState, { status: 'pending' | 'rate_limited' }>;

/** How often a reply held for a full trial allowance looks again (an upgrade, a reply given back). */
export const TRIAL_HOLD_RECHECK_MS = 5 * 60_000;

/** The trial's answer put on the reply: held (waits, with the reason) or refused. */
const holdOrRefuse = async (ctx: Context, state: Open | Extract<ReplyState, { status: 'ready' }>, decision: Exclude<ReachXDecision, { kind: 'go' }>) => {
  const now = ctx.nowIso();
  if (decision.kind === 'hold') {
    await replyCmd(ctx, state.run.replyId, { type: 'HoldForLimit', retryAt: new Date(Date.parse(now) + TRIAL_HOLD_RECHECK_MS).toISOString(), message: decision.reason, now });
  } else {
    await replyCmd(ctx, state.run.replyId, { type: 'Refuse', status: 'rejected', message: decision.reason, now });
  }
};

/**
 * Before a POST through the API: the trial's reply is taken (given back if the reply does not go
 * out). False when the trial says no: the reply is held (allowance full) or refused (days over).
 */
export const takeTrialReply = async (ctx: Context, state: Open): Promise<boolean> => {
  try {
    if (ctx.trialTaken.has(state.run.replyId)) return true;
    await ctx.exec(userStream(state.run.userId), userDecider, { type: 'ConsumeReply', replyId: state.run.replyId, legacyUsernames: ctx.legacyUsernames, now: ctx.nowIso() }, state.run.replyId);
    ctx.trialTaken.add(state.run.replyId);
    return true;
  } catch (error) {
    // The user's stream kept changing (their other replies consuming at the same time, from this
    // and other schedulers): nothing was decided, so the run tries again; it is no refusal.
    if (!isAppError(error) || error.code === 'internal' || error.reason === 'CONCURRENCY_CONFLICT') throw error;
    if (error.code === 'payment_required' && error.reason === 'TRIAL_REPLIES_USED') await holdOrRefuse(ctx, state, { kind: 'hold', reason: error.message });
    else await holdOrRefuse(ctx, state, { kind: 'refuse', reason: error.code === 'payment_required' ? REPLY_MESSAGES.trialEnded : error.message });
    return false;
  }
};

/** The trial's rule for a reply about to reach X without a POST of ours (the ready queue): nothing is taken. */
const trialDecision = async (ctx: Context, userId: string): Promise<ReachXDecision> => {
  const state = await ctx.load(userStream(userId), userDecider);
  try {
    return mayReachX(requireActiveUser(state), ctx.nowIso(), { legacyUsernames: ctx.legacyUsernames });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { kind: 'refuse', reason: error.message };
  }
};

/**
 * Before a reply goes to the ready queue: readiness takes nothing from the trial (the reply is
 * counted when it is seen on X), but a full allowance holds it and the end of the trial refuses it.
 */
const trialLetsThrough = async (ctx: Context, state: Open): Promise<boolean> => {
  const decision = await trialDecision(ctx, state.run.userId);
  if (decision.kind === 'go') return true;
  await holdOrRefuse(ctx, state, decision);
  return false;
};

/**
 * A ready reply the user has not posted, once the trial's allowance is full: taken back from the
 * queue and held with the reason (it comes back when the allowance does). True when so.
 */
export const withdrawIfAllowanceFull = async (ctx: Context, state: Extract<ReplyState, { status: 'ready' }>): Promise<boolean> => {
  const decision = await trialDecision(ctx, state.run.userId);
  if (decision.kind !== 'hold') return false;
  await holdOrRefuse(ctx, state, decision);
  return true;
};

/** A reply the user posted from the ready queue, seen on X: it uses a trial reply now. Idempotent. */
export const countPostedOnX = async (ctx: Context, state: ReplyState): Promise<void> => {
  if (state.status !== 'sent' || state.via === 'api') return;
  try {
    await ctx.exec(userStream(state.run.userId), userDecider, { type: 'ConsumeReply', replyId: state.run.replyId, legacyUsernames: ctx.legacyUsernames, now: ctx.nowIso(), onX: true }, state.run.replyId);
  } catch (err) {
    if (!isAppError(err) || err.code !== 'not_found') throw err;
  }
};

const expiryOf = async (ctx: Context, state: Extract<ReplyState, { status: 'pending' | 'rate_limited' | 'sending' }>): Promise<string> => {
  let createdAt = ctx.postTimes.get(state.run.replyId);
  if (createdAt === undefined && ctx.x !== null) {
    createdAt = (await ctx.x.getPost(state.prepared.postId).catch(() => null))?.createdAt;
  }
  return readyExpiry(createdAt ?? state.run.slot, ctx.settings.freshnessMs);
};

const handover = async (ctx: Context, state: Extract<ReplyState, { status: 'pending' | 'rate_limited' | 'sending' }>) => {
  if (ctx.x === null) throw new AppError('unavailable', X_NOT_CONFIGURED);
  return { intentUrl: replyIntentUrl(ctx.x.webUrl, state.prepared.postId, state.prepared.text), expiresAt: await expiryOf(ctx, state) };
};

/**
 * A run prepared ahead goes out only if its schedule still wants it: paused or deleted while the
 * run waited (up to the lead), it ends skipped with the reason, and nothing reaches X. True when so.
 */
const cancelledByItsSchedule = async (ctx: Context, state: Extract<ReplyState, { status: 'pending' | 'rate_limited' }>): Promise<boolean> => {
  if (state.run.scheduleId === null) return false;
  const schedule = await ctx.load(scheduleStream(state.run.scheduleId), scheduleDecider);
  if (schedule.status !== 'deleted' && schedule.status !== 'inactive' && schedule.status !== 'paused') return false;
  const reason = schedule.status === 'deleted' ? REPLY_MESSAGES.scheduleDeleted : REPLY_MESSAGES.schedulePaused;
  await replyCmd(ctx, state.run.replyId, { type: 'CancelRun', reason, now: ctx.nowIso() });
  return true;
};

/** Assisted delivery: the user posts from X's composer, pre-filled through the link. */
export const handOver = async (ctx: Context, state: Open): Promise<StepResult> => {
  if (ctx.x === null) return 'later';
  if (await cancelledByItsSchedule(ctx, state)) return 'progress';
  if (!(await trialLetsThrough(ctx, state))) return 'progress';
  await replyCmd(ctx, state.run.replyId, { type: 'HandOver', handover: await handover(ctx, state), reason: state.prepared.modeReason, now: ctx.nowIso() });
  return 'progress';
};

/** Direct delivery: the durable record, then the one POST, then X's answer. */
export const send = async (ctx: Context, state: Extract<ReplyState, { status: 'pending' | 'rate_limited' }>): Promise<StepResult> => {
  const { run, prepared } = state;
  if (ctx.x === null) return 'later';
  if (await cancelledByItsSchedule(ctx, state)) return 'progress';
  // The lateness rule at the moment of sending, whichever step led here (its time, a retry).
  const late = lateToSend(state, ctx.nowIso(), ctx.settings.graceMs);
  if (late !== null) {
    await replyCmd(ctx, run.replyId, { type: 'CancelRun', reason: late, now: ctx.nowIso() });
    return 'progress';
  }
  // Sent again after it ended (the user's resend): its text is held for it anew (the same-text rule).
  if (state.status === 'rate_limited' && state.message === REPLY_MESSAGES.resentByUser && !(await retakeText(ctx, state))) return 'progress';
  const now = ctx.nowIso();
  const nowMs = Date.parse(now);
  /** A limit holds it until `retryAt`: held, or skipped when that is too late for it. */
  const hold = async (retryAt: string, message: string) => {
    const tooLate = lateToSend(state, retryAt, ctx.settings.graceMs, message);
    await replyCmd(ctx, run.replyId, tooLate === null ? { type: 'HoldForLimit', retryAt, message, now } : { type: 'CancelRun', reason: tooLate, now });
  };
  // X refuses the app itself (credits used up, keys not enrolled): the reply waits, nothing is asked of X.
  const paused = ctx.sending.pausedFor(nowMs);
  if (paused !== null) {
    await hold(new Date(nowMs + ctx.settings.probeEveryMs).toISOString(), X_SENDING_MESSAGES.held(paused));
    return 'progress';
  }
  // Epoch milliseconds: the rule then parses no ISO text per send of the hour.
  const sentAt = sentAtSince(ctx.db(), run.userId, new Date(nowMs - 3_600_000).toISOString()).map((t) => Date.parse(t));
  // The user's own limit (Settings, 1-50) replaces the installation's.
  const cap = hourlyCap(sentAt, nowMs, hourlyCapOf(ctx.db(), run.userId) ?? ctx.settings.hourlyCap);
  if (!cap.allowed) {
    await hold(cap.retryAt, cap.reason);
    return 'progress';
  }
  // X's budgets (its per-account and per-app limits, the app's shared fairly): checked and the slot
  // taken in one synchronous step; given back unless this process is the one that POSTs.
  const budget = ctx.postLedger.take(ctx.db(), { replyId: run.replyId, userId: run.userId, accountId: run.connectedAccountId }, nowMs, ctx.settings.postBudgets);
  if (!budget.allowed) {
    await hold(budget.retryAt, budget.reason);
    return 'progress';
  }
  let posting = false;
  try {
    // Last before the durable record: a reply held by a limit above has taken nothing from the trial.
    if (!(await takeTrialReply(ctx, state))) return 'progress';
    const account = await connectedAccount(ctx, run.connectedAccountId);
    const client = account === null ? null : userClientFor(ctx, run.replyId, account);
    if (account === null || client === null) {
      await replyCmd(ctx, run.replyId, { type: 'Refuse', status: 'failed', message: ACCOUNT_GONE, now: ctx.nowIso() });
      return 'progress';
    }
    const media = await mediaOf(ctx, prepared.imageUrl);
    // Appended (synchronous FULL on SQLite) before the POST: of several processes only the one whose
    // append succeeded posts; a crash after this point makes the reply unconfirmed, never re-sent.
    const sendingAt = ctx.nowIso();
    try {
      await replyCmd(ctx, run.replyId, { type: 'StartSending', now: sendingAt, by: ctx.processId });
    } catch (error) {
      if (isAppError(error) && error.code === 'conflict') return 'taken';
      throw error;
    }
    posting = true;
    return await post(ctx, state, account, client, media, sendingAt);
  } finally {
    if (!posting) ctx.postLedger.release(run.replyId);
  }
};

const post = async (
  ctx: Context,
  state: Extract<ReplyState, { status: 'pending' | 'rate_limited' }>,
  account: ConnectedXAccount,
  client: XUserClient,
  media: Awaited<ReturnType<typeof mediaOf>>,
  now: string,
): Promise<StepResult> => {
  const { run, prepared } = state;
  ctx.crash('after_sending');
  // Held up past one call's deadline since 'sending' was recorded (a starved event loop, a paused
  // machine): another scheduler may have taken the run over and be looking for the post on X, and
  // will call it not posted once the window has passed. So it is not made: nothing reaches X.
  const nowMs = ctx.clock().getTime();
  if (!mayBeginPost(now, nowMs, ctx.settings.postWindow)) {
    const heldUp = Math.round((nowMs - Date.parse(now)) / 1000);
    ctx.logger.warn({ replyId: run.replyId, heldUpSeconds: heldUp }, 'a reply recorded as sending was held up too long to be posted; not posted');
    try {
      await replyCmd(ctx, run.replyId, { type: 'RecordOutcome', outcome: { kind: 'transient', status: 'failed', next: 'retry', message: REPLY_MESSAGES.heldUp(heldUp) }, now: ctx.nowIso() });
    } catch (error) {
      // Settled meanwhile by the scheduler that took it over: nothing to add.
      if (!(isAppError(error) && error.code === 'conflict')) throw error;
    }
    return 'progress';
  }
  const outcome = await client.reply({ inReplyToPostId: prepared.postId, text: prepared.text, ...(media === null ? {} : { media }) });
  if (outcome.kind === 'sent') ctx.crash('after_x_accepted');
  // X's refusal of a post that did not summon the account hands the reply to the user (auto and
  // direct alike: design.md), so it is not lost to a rule only X applies.
  const fallback = outcome.kind === 'not_summoned' ? await handover(ctx, { ...state, status: 'sending', since: now }) : undefined;
  await replyCmd(ctx, run.replyId, { type: 'RecordOutcome', outcome, now: ctx.nowIso(), ...(fallback === undefined ? {} : { fallback }) });
  if (outcome.kind === 'auth_failed') await markAuthFailed(ctx, account, outcome.message);
  await ctx.sending.pauseOn(outcome);
  return 'progress';
};

const markAuthFailed = async (ctx: Context, account: ConnectedXAccount, reason: string) => {
  try {
    await ctx.exec(xAccountStream(account.accountId), xAccountDecider, { type: 'MarkXAuthFailed', accountId: account.accountId, reason, now: ctx.nowIso() }, account.accountId);
  } catch (err) {
    ctx.logger.warn({ err, accountId: account.accountId }, 'could not mark the X account as refused by X');
  }
};

/**
 * A reply put back to be sent after it ended holds its text again (it was given back when it
 * ended). Idempotent: a reply that holds it already appends nothing. False when another account
 * used the text meanwhile: the reply is refused as a duplicate.
 */
const retakeText = async (ctx: Context, state: Extract<ReplyState, { status: 'rate_limited' }>): Promise<boolean> => {
  const textKey = textKeyOf(state.prepared.text);
  try {
    const { run } = state;
    const use = { type: 'UseText' as const, textKey, connectedAccountId: run.connectedAccountId, userId: run.userId, targetAccountId: run.targetAccountId, replyId: run.replyId, now: ctx.nowIso() };
    await ctx.exec(textUsageStream(textKey), textUsageDecider, use, run.replyId);
    return true;
  } catch (error) {
    if (!(isAppError(error) && error.reason === TEXT_USED_ELSEWHERE)) throw error;
    await replyCmd(ctx, state.run.replyId, { type: 'Refuse', status: 'duplicate', message: error.message, now: ctx.nowIso() });
    return false;
  }
};

/**
 * A reply that ended: one the user posted uses its trial reply; one that did not go out gives back
 * the trial's reply and its text. Idempotent.
 */
export const settleEnded = async (ctx: Context, state: ReplyState): Promise<void> => {
  await countPostedOnX(ctx, state);
  if (!refundsTrialReply(state) || state.status === 'none') return;
  const { replyId, userId } = state.run;
  // Given back: a resend takes it again (takeTrialReply's shortcut must not stand in for that).
  ctx.trialTaken.delete(replyId);
  try {
    await ctx.exec(userStream(userId), userDecider, { type: 'RefundTrialReply', replyId, now: ctx.nowIso() }, replyId);
  } catch (err) {
    // A user deleted since has nothing to give back to.
    if (!isAppError(err) || err.code !== 'not_found') throw err;
  }
  if (state.prepared !== null) {
    await ctx.exec(textUsageStream(textKeyOf(state.prepared.text)), textUsageDecider, { type: 'ReleaseText', replyId, now: ctx.nowIso() }, replyId);
  }
};
