/**
 * The scheduler's health: every scheduler process (the one embedded in a server, or `npm run
 * scheduler`) records that it is alive on the UTC day's stream `scheduler-heartbeats-<day>` at
 * most once per HEARTBEAT_EVERY_MS; the read model keeps each process's latest beat, so any server
 * sees every process that shares its event store, whatever read database it has. What the admin's
 * dashboard shows of it (`schedulerHealth`) is derived here, with `now` as an argument.
 */
import type { Instant } from '@core/scheduling/time';

export const HEARTBEAT_EVERY_MS = 15_000;
/** A process whose last beat is older than this is shown as stopped. */
export const HEARTBEAT_STALE_MS = 90_000;
/**
 * A process silent this long (three beats missed) is known gone for its sends under way: another
 * scheduler settles them (unconfirmed, then reconciled) instead of waiting out the run's lease.
 * Taking a live but stalled process for gone is safe: the send is only looked up, and called not
 * posted once its POST cannot be under way any more (core/replies notFoundSettlesFrom).
 */
export const HEARTBEAT_GONE_MS = 3 * HEARTBEAT_EVERY_MS;
/** Processes silent for longer than this are no longer listed. */
export const HEARTBEAT_FORGET_MS = 24 * 3_600_000;

export type SchedulerKind = 'embedded' | 'external';

export interface SchedulerHeartbeatData {
  processId: string;
  kind: SchedulerKind;
  host: string;
  pid: number;
  startedAt: Instant;
  at: Instant;
  /** Ticks since the process started. */
  ticks: number;
}

export type SchedulerHealthEvent = { type: 'SchedulerHeartbeat'; data: SchedulerHeartbeatData };
export const SCHEDULER_HEALTH_EVENT_TYPES = ['SchedulerHeartbeat'] as const;

export const heartbeatStream = (at: Instant): string => `scheduler-heartbeats-${at.slice(0, 10)}`;

/** A process as the read model keeps it. */
export interface SchedulerProcessView {
  processId: string;
  kind: SchedulerKind;
  host: string;
  pid: number;
  startedAt: Instant;
  lastTickAt: Instant;
  ticks: number;
}

export interface SchedulerHealth {
  /** 'running' when some process beat recently; 'stopped' when none did; 'none' when none ever beat. */
  state: 'running' | 'stopped' | 'none';
  lastTickAt: Instant | null;
  processes: (SchedulerProcessView & { alive: boolean })[];
  /** Runs whose time has come and that no run has been recorded for yet. */
  queueLength: number;
  /** The oldest of them. */
  oldestDueAt: Instant | null;
}

export const schedulerHealth = (
  processes: readonly SchedulerProcessView[],
  queue: { length: number; oldestDueAt: Instant | null },
  nowMs: number,
): SchedulerHealth => {
  const listed = processes
    .filter((p) => nowMs - Date.parse(p.lastTickAt) <= HEARTBEAT_FORGET_MS)
    .map((p) => ({ ...p, alive: nowMs - Date.parse(p.lastTickAt) <= HEARTBEAT_STALE_MS }))
    .sort((a, b) => b.lastTickAt.localeCompare(a.lastTickAt));
  const lastTickAt = listed[0]?.lastTickAt ?? null;
  return {
    state: listed.some((p) => p.alive) ? 'running' : listed.length > 0 ? 'stopped' : 'none',
    lastTickAt,
    processes: listed,
    queueLength: queue.length,
    oldestDueAt: queue.oldestDueAt,
  };
};

/**
 * Whether the process is known gone: silent for HEARTBEAT_GONE_MS, or, on the asking process's own
 * host, its pid no longer runs (`pidRuns`: the OS's answer; a reused pid reads as running and
 * leaves it to the silence).
 */
export const isKnownGone = (process: SchedulerProcessView, nowMs: number, local?: { host: string; pidRuns: (pid: number) => boolean }): boolean =>
  nowMs - Date.parse(process.lastTickAt) > HEARTBEAT_GONE_MS || (local !== undefined && local.host === process.host && !local.pidRuns(process.pid));
