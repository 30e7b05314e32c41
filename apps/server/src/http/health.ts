/**
 * GET /healthz once ready: the event store's read and write health (its own probes, where it has
 * them) and how far the projector is behind the store. 503 when the store cannot be read or
 * written: a load balancer should send users elsewhere. A lagging projector is reported, not
 * failed: writes still answer (202 "pending" past their wait). Answers are reused for a second so a
 * tight poll costs the store one probe a second.
 */
import type { EventStore, HealthProbe } from '@core/eventstore/types';
import type { Projector } from '@adapters/projections-sqlite';

/** Events behind are counted up to this many; more shows as this number with `atLeast`. */
const LAG_CAP = 1_000;
const REUSE_MS = 1_000;

export interface HealthReport {
  status: 'ok' | 'degraded';
  store: { kind: EventStore['kind']; read: HealthProbe; write: HealthProbe };
  projections: { position: string | null; behind: { events: number; atLeast: boolean } | null; failing: string[] };
}

export const createHealthCheck = (store: EventStore, projector: Projector, now: () => number = Date.now) => {
  let last: { at: number; report: Promise<HealthReport> } | null = null;

  const measure = async (): Promise<HealthReport> => {
    const probes = store.health ? await store.health() : { read: { ok: true as const }, write: { ok: true as const } };
    const position = projector.position();
    let behind: HealthReport['projections']['behind'] = null;
    try {
      const events = (await store.readAll({ after: position, maxCount: LAG_CAP })).length;
      behind = { events, atLeast: events === LAG_CAP };
    } catch {
      // The read probe says why.
    }
    const failing = projector.status().filter((s) => s.failure !== null).map((s) => s.name);
    return {
      status: probes.read.ok && probes.write.ok ? 'ok' : 'degraded',
      store: { kind: store.kind, read: probes.read, write: probes.write },
      projections: { position, behind, failing },
    };
  };

  return (): Promise<HealthReport> => {
    if (last === null || now() - last.at >= REUSE_MS) last = { at: now(), report: measure() };
    return last.report;
  };
};
