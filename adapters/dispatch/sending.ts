/**
 * The installation's sending gate (core/x-sending) as a dispatcher sees it: paused when the read
 * model says so, or at once when this process met X's refusal of the app (before its own pause is
 * projected). The probe job asks X, while paused, whether it answers again, and resumes sending.
 */
import { xSendingNow } from '@adapters/read-models/x-sending';
import type { SchedulerJob } from '@adapters/scheduler';
import type { ReadDb } from '@adapters/projections-sqlite';
import type { Decider } from '@core/shared/decider';
import { isAppRefusal, isXError, type XAppClient, type XOutcome } from '@core/x';
import { X_SENDING_PROBE_EVERY_MS, X_SENDING_STREAM, xSendingDecider, type XSendingPauseReason } from '@core/x-sending';

export const X_SENDING_PROBE_JOB = 'x:sending-probe';

/** How long this process trusts its own pause over a read model that does not show it yet. */
const OWN_PAUSE_TRUSTED_MS = 10_000;

/** A read that costs X little and that X refuses like any other while it refuses the app. */
const PROBE_USERNAME = 'X';

export interface SendingGate {
  /** Why sending is paused now, or null when it is on. */
  pausedFor(nowMs: number): XSendingPauseReason | null;
  /** When the outcome is X's refusal of the app: pauses sending everywhere. True when it was one. */
  pauseOn(outcome: Pick<XOutcome, 'kind' | 'detail'>): Promise<boolean>;
  /** A thrown X error that refuses the app pauses sending too. True when it was one. */
  pauseOnError(error: unknown): Promise<boolean>;
  job: SchedulerJob;
}

/**
 * What the gate uses of the dispatcher's context. Declared here, not imported: the context
 * (adapters/dispatch/context.ts) holds the gate, so importing it back would make a circle.
 */
interface GateContext {
  db: () => ReadDb;
  clock: () => Date;
  x: XAppClient | null;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  nowIso(): string;
  exec<C, E extends { type: string; data: unknown }, S>(stream: string, decider: Decider<C, E, S>, command: C, correlationId: string): Promise<{ events: E[]; state: S }>;
}

export const createSendingGate = (ctx: GateContext, options: { probeEveryMs?: number } = {}): SendingGate => {
  const probeEveryMs = options.probeEveryMs ?? X_SENDING_PROBE_EVERY_MS;
  let own: { reason: XSendingPauseReason; untilMs: number } | null = null;
  let nextProbeAt = 0;
  let probing = false;

  const pausedFor = (nowMs: number): XSendingPauseReason | null => {
    const view = xSendingNow(ctx.db());
    if (view.state === 'paused') return view.reason;
    if (own !== null && nowMs < own.untilMs) return own.reason;
    return null;
  };

  const pauseOn = async (outcome: Pick<XOutcome, 'kind' | 'detail'>): Promise<boolean> => {
    if (!isAppRefusal(outcome)) return false;
    const nowMs = ctx.clock().getTime();
    own = { reason: outcome.kind, untilMs: nowMs + OWN_PAUSE_TRUSTED_MS };
    nextProbeAt = nowMs + probeEveryMs;
    await ctx.exec(X_SENDING_STREAM, xSendingDecider, { type: 'PauseSending', reason: outcome.kind, detail: outcome.detail ?? null, now: ctx.nowIso() }, X_SENDING_STREAM);
    ctx.logger.error({ reason: outcome.kind, detail: outcome.detail }, 'X refuses the app itself: sending to X is paused for the installation');
    return true;
  };

  const job: SchedulerJob = {
    name: X_SENDING_PROBE_JOB,
    run: async (now) => {
      const x = ctx.x;
      const nowMs = now.getTime();
      if (x === null || probing || nowMs < nextProbeAt) return;
      if (xSendingNow(ctx.db()).state !== 'paused') return;
      probing = true;
      nextProbeAt = nowMs + probeEveryMs;
      try {
        await x.lookupUser(PROBE_USERNAME);
      } catch (error) {
        if (!isXError(error) || !isAppRefusal(error.outcome)) ctx.logger.warn({ err: error }, 'the probe of X while sending is paused failed; it asks again later');
        return;
      } finally {
        probing = false;
      }
      own = null;
      await ctx.exec(X_SENDING_STREAM, xSendingDecider, { type: 'ResumeSending', now: ctx.nowIso() }, X_SENDING_STREAM);
      ctx.logger.info({}, 'X answers the app again: sending to X resumes');
    },
  };

  return {
    pausedFor,
    pauseOn,
    pauseOnError: (error) => (isXError(error) ? pauseOn(error.outcome) : Promise.resolve(false)),
    job,
  };
};
