import { describe, expect, it, vi } from 'vitest';
import { createScheduler, type SchedulerJob } from './index';

const quietLogger = { info: () => {}, error: () => {} };

describe('scheduler heartbeat', () => {
  it('runs every job on each tick with the clock time', async () => {
    const seen: string[] = [];
    const job = (name: string): SchedulerJob => ({ name, run: async (now) => void seen.push(`${name}@${now.toISOString()}`) });
    const s = createScheduler({ jobs: [job('a'), job('b')], clock: () => new Date('2026-01-01T00:00:00Z'), logger: quietLogger });
    await s.tick();
    expect(seen).toEqual(['a@2026-01-01T00:00:00.000Z', 'b@2026-01-01T00:00:00.000Z']);
    expect(s.ticks).toBe(1);
  });

  it('keeps going when a job throws, and logs it', async () => {
    const errors: unknown[] = [];
    let ran = false;
    const s = createScheduler({
      jobs: [
        { name: 'broken', run: async () => Promise.reject(new Error('boom')) },
        { name: 'fine', run: async () => void (ran = true) },
      ],
      logger: { info: () => {}, error: (obj) => void errors.push(obj) },
    });
    await s.tick();
    expect(ran).toBe(true);
    expect(errors).toHaveLength(1);
  });

  it('never overlaps ticks and stop waits for the tick in flight', async () => {
    let active = 0;
    let maxActive = 0;
    let finished = 0;
    const s = createScheduler({
      intervalMs: 1,
      logger: quietLogger,
      jobs: [
        {
          name: 'slow',
          run: async () => {
            active += 1;
            maxActive = Math.max(maxActive, active);
            await new Promise((r) => setTimeout(r, 20));
            active -= 1;
            finished += 1;
          },
        },
      ],
    });
    s.start();
    // Until two ticks have finished and a third is in flight (a state, not a moment: on a loaded
    // machine 70 ms of waiting saw a single tick end).
    await vi.waitFor(
      () => {
        expect(finished).toBeGreaterThanOrEqual(2);
        expect(active).toBe(1);
      },
      { timeout: 30_000, interval: 1 },
    );
    await s.stop();
    expect(maxActive).toBe(1);
    expect(active).toBe(0);
    expect(finished).toBeGreaterThanOrEqual(2);
    const after = finished;
    await new Promise((r) => setTimeout(r, 30));
    expect(finished).toBe(after);
  });
});
