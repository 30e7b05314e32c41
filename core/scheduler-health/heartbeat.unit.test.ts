import { describe, expect, it } from 'vitest';
import { HEARTBEAT_FORGET_MS, HEARTBEAT_STALE_MS, heartbeatStream, schedulerHealth, type SchedulerProcessView } from './heartbeat';

const now = Date.parse('2026-11-27T10:00:00.000Z');
const proc = (id: string, agoMs: number, kind: 'embedded' | 'external' = 'embedded'): SchedulerProcessView => ({
  processId: id,
  kind,
  host: 'h',
  pid: 1,
  startedAt: '2026-11-27T09:00:00.000Z',
  lastTickAt: new Date(now - agoMs).toISOString(),
  ticks: 10,
});

describe('schedulerHealth', () => {
  it('is running while a process beat recently, latest beat first, each marked alive or silent', () => {
    const h = schedulerHealth([proc('old', HEARTBEAT_STALE_MS + 1), proc('new', 1_000, 'external')], { length: 2, oldestDueAt: '2026-11-27T09:58:00.000Z' }, now);
    expect(h.state).toBe('running');
    expect(h.processes.map((p) => [p.processId, p.alive])).toEqual([
      ['new', true],
      ['old', false],
    ]);
    expect(h.lastTickAt).toBe(new Date(now - 1_000).toISOString());
    expect(h.queueLength).toBe(2);
  });

  it('is stopped when every process is silent, and none when no process ever beat (or all were forgotten)', () => {
    expect(schedulerHealth([proc('a', HEARTBEAT_STALE_MS + 1)], { length: 0, oldestDueAt: null }, now).state).toBe('stopped');
    expect(schedulerHealth([], { length: 0, oldestDueAt: null }, now)).toMatchObject({ state: 'none', lastTickAt: null, processes: [] });
    expect(schedulerHealth([proc('gone', HEARTBEAT_FORGET_MS + 1)], { length: 0, oldestDueAt: null }, now).state).toBe('none');
  });

  it("writes a day's beats on that UTC day's stream", () => {
    expect(heartbeatStream('2026-11-27T23:59:59.000Z')).toBe('scheduler-heartbeats-2026-11-27');
  });
});
