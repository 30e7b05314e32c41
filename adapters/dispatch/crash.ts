/**
 * Test-only crash points (RIPOSTE_DISPATCH_CRASH_AT): the crash tests kill the scheduler process at
 * an exact step of a send to prove that a restart loses no reply and posts none twice. Off by
 * default; refused when NODE_ENV=production (adapters/env dispatchCrashAt).
 */
export const CRASH_POINTS = ['after_claim', 'after_sending', 'after_x_accepted', 'during_reconcile'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export type CrashHook = (point: CrashPoint) => void;

export const noCrash: CrashHook = () => undefined;

/** SIGKILL at `at`: no cleanup, no flush, as a power cut or the OOM killer would. */
export const crashAt =
  (at: CrashPoint | null | undefined): CrashHook =>
  (point) => {
    if (at !== point) return;
    process.stderr.write(`RIPOSTE_DISPATCH_CRASH_AT=${point}: killing the process (test only)\n`);
    process.kill(process.pid, 'SIGKILL');
  };
