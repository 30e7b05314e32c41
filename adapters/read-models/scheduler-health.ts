/**
 * The scheduler processes read model: its projection (core/scheduler-health/projection.ts, the
 * `scheduler_processes` table) and every query over it (ADR 0018).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { schedulerProcessesProjection, type SchedulerKind, type SchedulerProcessView } from '@core/scheduler-health';

export { schedulerProcessesProjection };

interface ProcessRow {
  process_id: string;
  kind: string;
  host: string;
  pid: number;
  started_at: string;
  last_tick_at: string;
  ticks: number;
}
const COLUMNS = 'process_id, kind, host, pid, started_at, last_tick_at, ticks';

const viewOf = (r: ProcessRow): SchedulerProcessView => ({
  processId: r.process_id,
  kind: (r.kind === 'external' ? 'external' : 'embedded') satisfies SchedulerKind,
  host: r.host,
  pid: r.pid,
  startedAt: r.started_at,
  lastTickAt: r.last_tick_at,
  ticks: r.ticks,
});

/** Every process that ever beat, latest beat first. */
export const schedulerProcesses = (db: ReadDb): SchedulerProcessView[] =>
  db.prepare<[], ProcessRow>(`SELECT ${COLUMNS} FROM scheduler_processes ORDER BY last_tick_at DESC`).all().map(viewOf);

/** One process as its latest beat has it (null: it never beat, as far as this read model knows). */
export const schedulerProcess = (db: ReadDb, processId: string): SchedulerProcessView | null => {
  const r = db.prepare<[string], ProcessRow>(`SELECT ${COLUMNS} FROM scheduler_processes WHERE process_id = ?`).get(processId);
  return r === undefined ? null : viewOf(r);
};
