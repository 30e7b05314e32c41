/**
 * Preloaded into the scheduler process by bench:dispatch (`node --import tsx --import probe.ts`):
 * samples the process's memory every 20 ms and, when it exits, writes the peaks to
 * BENCH_PROBE_FILE. SIGUSR2 (sent at the due time) starts a second set of peaks, so the figures of
 * the dispatch are apart from those of the start-up (the projector catching up on the seed).
 */
import { writeFileSync } from 'node:fs';

interface Peaks {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}
const zero = (): Peaks => ({ rss: 0, heapUsed: 0, heapTotal: 0, external: 0 });
const overall = zero();
let sinceDue: Peaks | null = null;

const sample = () => {
  const m = process.memoryUsage();
  for (const peaks of sinceDue === null ? [overall] : [overall, sinceDue]) {
    peaks.rss = Math.max(peaks.rss, m.rss);
    peaks.heapUsed = Math.max(peaks.heapUsed, m.heapUsed);
    peaks.heapTotal = Math.max(peaks.heapTotal, m.heapTotal);
    peaks.external = Math.max(peaks.external, m.external);
  }
};
setInterval(sample, 20).unref();
process.on('SIGUSR2', () => {
  sample();
  sinceDue = zero();
  sample();
});
process.on('exit', () => {
  sample();
  const file = process.env.BENCH_PROBE_FILE;
  if (file) writeFileSync(file, JSON.stringify({ overall, sinceDue, maxRssKiB: process.resourceUsage().maxRSS }));
});
