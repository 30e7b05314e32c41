/**
 * The X emulator in a process of its own for bench:dispatch, so that X's work (signature checks,
 * routing, the simulated latency's timers) never counts as the scheduler's CPU time. Started by
 * run.ts with `--import tsx` and an IPC channel; its world comes from the state file run.ts wrote
 * (the users, their access tokens and the target posts: adapters/x-emulator/persist.ts).
 *
 * Messages: it sends { url } once listening; it answers 'counts' with the API requests it has
 * handled since the last 'counts' (by method and path, ids folded), and ends on 'close'.
 */
import { startXEmulator } from '@adapters/x-emulator/server';

const emulator = await startXEmulator({
  port: 0,
  stateFile: process.env.BENCH_X_STATE,
  latencyMs: Number(process.env.BENCH_X_LATENCY_MS ?? 0),
  latencyJitterMs: Number(process.env.BENCH_X_JITTER_MS ?? 0),
  ...(process.env.BENCH_X_READ_LIMIT ? { limits: { 'GET /2/users/:id/tweets': Number(process.env.BENCH_X_READ_LIMIT) } } : {}),
});

// Counted beside the emulator's own record (which keeps only the last 5,000 requests).
let counts = new Map<string, number>();
const record = emulator.control.record.bind(emulator.control);
emulator.control.record = (req, method, path) => {
  const key = `${method} ${path.replace(/\/\d{3,}/g, '/:id')}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  record(req, method, path);
};

process.on('message', (message) => {
  if (message === 'counts') {
    process.send?.({ counts: Object.fromEntries(counts) });
    counts = new Map();
  } else if (message === 'close') {
    void emulator.close().then(() => process.exit(0));
  }
});
process.send?.({ url: emulator.url });
