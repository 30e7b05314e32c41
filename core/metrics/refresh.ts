/**
 * Which sent replies to read the metrics of now: the metrics refresh job's choice, with time as an
 * argument.
 *
 * X bills a metrics read per post returned, so a reply is read often while its figures move and
 * rarely once they settle: every 15 minutes in its first 2 hours, hourly until 48 hours, every
 * 6 hours until 7 days, then never again (its last figures stay). A reply never read is due at
 * once. Reads go out in batches of at most 100 ids (one GET /2/tweets each), the most overdue first.
 */
import { X_METRICS_IDS_PER_READ } from '@core/x/types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Age bounds (exclusive) and the interval between two reads below each. */
export const REFRESH_STEPS: readonly { untilAgeMs: number; everyMs: number }[] = [
  { untilAgeMs: 2 * HOUR, everyMs: 15 * MINUTE },
  { untilAgeMs: 2 * DAY, everyMs: HOUR },
  { untilAgeMs: 7 * DAY, everyMs: 6 * HOUR },
];

/** Replies older than this are not read again. */
export const REFRESH_WINDOW_MS = 7 * DAY;

/** The interval between two reads of a reply of this age; null once it is no longer read. */
export const refreshIntervalMs = (ageMs: number): number | null => REFRESH_STEPS.find((s) => ageMs < s.untilAgeMs)?.everyMs ?? null;

export interface SentReplyRef {
  replyId: string;
  userId: string;
  /** The reply's post on X. */
  postId: string;
  /** Epoch ms. */
  sentAtMs: number;
}

/**
 * The replies due for a read at `nowMs`, in batches of at most `perBatch` (X's 100), at most
 * `maxBatches` batches (the rest wait for the next tick). A reply is due when it was sent within
 * the window and never read, or its last read (`lastObservedAtMs`) is at least its age's interval ago.
 */
export const repliesToRefresh = (input: {
  replies: readonly SentReplyRef[];
  lastObservedAtMs: ReadonlyMap<string, number>;
  nowMs: number;
  perBatch?: number;
  maxBatches?: number;
}): SentReplyRef[][] => {
  const perBatch = Math.min(input.perBatch ?? X_METRICS_IDS_PER_READ, X_METRICS_IDS_PER_READ);
  const due: { reply: SentReplyRef; overdueMs: number }[] = [];
  const seen = new Set<string>();
  for (const reply of input.replies) {
    if (seen.has(reply.replyId)) continue;
    seen.add(reply.replyId);
    const ageMs = input.nowMs - reply.sentAtMs;
    if (ageMs < 0) continue;
    const every = refreshIntervalMs(ageMs);
    if (every === null) continue;
    const last = input.lastObservedAtMs.get(reply.replyId);
    if (last === undefined) {
      due.push({ reply, overdueMs: Number.POSITIVE_INFINITY });
      continue;
    }
    const overdueMs = input.nowMs - (last + every);
    if (overdueMs >= 0) due.push({ reply, overdueMs });
  }
  // Most overdue first; ties by reply id so the choice is the same in every process.
  due.sort((a, b) => (b.overdueMs === a.overdueMs ? (a.reply.replyId < b.reply.replyId ? -1 : 1) : b.overdueMs > a.overdueMs ? 1 : -1));
  const batches: SentReplyRef[][] = [];
  for (let i = 0; i < due.length && batches.length < (input.maxBatches ?? Number.POSITIVE_INFINITY); i += perBatch) {
    batches.push(due.slice(i, i + perBatch).map((d) => d.reply));
  }
  return batches;
};
