/**
 * The scheduler's heartbeat: runs registered jobs on an interval, one tick at a time (a slow tick
 * is never overlapped by the next), and stops cleanly: `stop()` waits for the tick in flight.
 *
 * It runs inside the server process by default (RIPOSTE_SCHEDULER=embedded) or as its own
 * process (`npm run scheduler`). The jobs themselves (due replies, polling of monitored accounts)
 * are registered by the capabilities that own them.
 */
export interface SchedulerJob {
  name: string;
  run(now: Date): Promise<void>;
}

export interface SchedulerLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Scheduler {
  start(): void;
  stop(): Promise<void>;
  /** Run every job once now (used by tests and by `stop` never). */
  tick(): Promise<void>;
  readonly ticks: number;
}

export interface SchedulerOptions {
  jobs: readonly SchedulerJob[];
  intervalMs?: number;
  clock?: () => Date;
  logger: SchedulerLogger;
}

export const createScheduler = (options: SchedulerOptions): Scheduler => {
  const intervalMs = options.intervalMs ?? 1_000;
  const clock = options.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let ticks = 0;
  let running = false;

  const tick = async (): Promise<void> => {
    const now = clock();
    for (const job of options.jobs) {
      try {
        await job.run(now);
      } catch (err) {
        // One failing job must not stop the others or the heartbeat.
        options.logger.error({ err, job: job.name }, 'scheduler job failed');
      }
    }
    ticks += 1;
  };

  const loop = () => {
    if (!running) return;
    inFlight = tick().finally(() => {
      inFlight = null;
      if (running) timer = setTimeout(loop, intervalMs);
    });
  };

  return {
    start() {
      if (running) return;
      running = true;
      options.logger.info({ jobs: options.jobs.map((j) => j.name), intervalMs }, 'scheduler started');
      timer = setTimeout(loop, 0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (inFlight) await inFlight;
      options.logger.info({ ticks }, 'scheduler stopped');
    },
    tick,
    get ticks() {
      return ticks;
    },
  };
};
