/**
 * bench:scaleout, part 2: dispatch lateness with one scheduler process against several on one
 * store. Runs bench:dispatch (bench/dispatch/run.ts) as it is, once per count of schedulers
 * (BENCH_SCHEDULERS), with the same number of runs due in the same second, and reads the figures
 * it writes to BENCH_SUMMARY_FILE. Each run has its own fresh store, X emulator (150 ms ± 50 ms per
 * call) and seed; its scheduler processes share the one event file and claim the runs. Its own
 * output is shown indented, so every figure behind the table is on screen.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../../tests/scaleout/processes';

export interface DispatchSummary {
  runs: number;
  schedulers: number;
  concurrency: number;
  sent: number;
  answered: number;
  outcomes: Record<string, number>;
  lateness: { p50: number; p99: number; max: number; n: number };
  /** Runs claimed by each scheduler process, most first. */
  claimsPerProcess: number[];
  wallMs: number;
  cpuMsPerReply: number;
  limit: { p50: number; p99: number; max: number; n: number; wallMs: number };
  loadAverageAtStart: number;
}

export const runDispatch = async (runs: number, schedulers: number, log: (line: string) => void): Promise<DispatchSummary> => {
  const dir = mkdtempSync(join(tmpdir(), 'riposte-bench-scaleout-dispatch-'));
  const summaryFile = join(dir, 'summary.json');
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/dispatch/run.ts')], {
      cwd: root,
      env: { ...process.env, BENCH_RUNS: String(runs), BENCH_SCHEDULERS: String(schedulers), BENCH_SUMMARY_FILE: summaryFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let rest = '';
    const show = (chunk: Buffer) => {
      rest += chunk.toString();
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) log(`    | ${line}`);
    };
    child.stdout.on('data', show);
    child.stderr.on('data', show);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (rest !== '') log(`    | ${rest}`);
    if (code !== 0) throw new Error(`bench:dispatch with ${schedulers} scheduler(s) exited with ${code}`);
    return JSON.parse(readFileSync(summaryFile, 'utf8')) as DispatchSummary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
