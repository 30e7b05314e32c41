/**
 * The scheduler processes read model: its projection (core/scheduler-health/projection.ts, the
 * `scheduler_processes` table) and every query over it (ADR 0018).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { schedulerProcessesProjection, type SchedulerKind, type SchedulerProcessView } from '@core/scheduler-health';

export { schedulerProcessesProjection };

/** Every process that ever beat, latest beat first. */
export const schedulerProcesses = (db: ReadDb): SchedulerProcessView[] =>
  db
    .prepare<[], { process_id: string; kind: string; host: string; pid: number; started_at: string; last_tick_at: string; ticks: number }>(
      'SELECT process_id, kind, host, pid, started_at, last_tick_at, ticks FROM scheduler_processes ORDER BY last_tick_at DESC',
    )
    .all()
    .map((r) => ({
      processId: r.process_id,
      kind: (r.kind === 'external' ? 'external' : 'embedded') satisfies SchedulerKind,
      host: r.host,
      pid: r.pid,
      startedAt: r.started_at,
      lastTickAt: r.last_tick_at,
      ticks: r.ticks,
    }));
