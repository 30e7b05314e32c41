/**
 * How early replies go out: the time from the target post to the reply on X. Being early is what a
 * creator pays for (a reply in a post's first minutes is read by most of its readers), so the
 * dashboard shows it per delivery mode: sent by the API, or posted by the user from the queue.
 */
import type { DeliveryMode } from '../model';

export interface Earliness {
  /** Sent replies measured (those whose post time is known). */
  measured: number;
  /** The median time from the post to the reply, in minutes; null with nothing measured. */
  medianMinutes: number | null;
  /** Shares (0 to 1) of the measured replies that went out within 5 and within 15 minutes. */
  within5: number;
  within15: number;
}

const MINUTE = 60_000;

/** The median and the shares of a set of post-to-reply delays (ms; negative ones count as 0). */
export const earlinessOf = (delaysMs: readonly number[]): Earliness => {
  const sorted = delaysMs.map((d) => Math.max(0, d)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { measured: 0, medianMinutes: null, within5: 0, within15: 0 };
  const mid = Math.floor(n / 2);
  const median = n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const share = (limitMs: number) => sorted.filter((d) => d <= limitMs).length / n;
  return { measured: n, medianMinutes: Math.round((median / MINUTE) * 10) / 10, within5: share(5 * MINUTE), within15: share(15 * MINUTE) };
};

export const earlinessByMode = (rows: readonly { mode: DeliveryMode; delayMs: number }[]): Record<DeliveryMode, Earliness> => ({
  direct: earlinessOf(rows.filter((r) => r.mode === 'direct').map((r) => r.delayMs)),
  assisted: earlinessOf(rows.filter((r) => r.mode === 'assisted').map((r) => r.delayMs)),
});

/** '45 s', '4 min', '2 h 5 min', '3 days': a post's age or a reply's delay, in the screens' words. */
export const durationWords = (ms: number): string => {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return min % 60 === 0 ? `${h} h` : `${h} h ${min % 60} min`;
  return `${Math.round(h / 24)} days`;
};

/**
 * What a reply says about its post's time: how old the post is while the reply waits (pending,
 * ready), how soon after the post it went out once sent; null when the post's time is not known.
 */
export const postTimeWords = (reply: { status: string; postCreatedAt: string | null; sentAt: string | null }, nowMs: number): string | null => {
  if (reply.postCreatedAt === null) return null;
  const posted = Date.parse(reply.postCreatedAt);
  if (!Number.isFinite(posted)) return null;
  if (reply.status === 'sent' && reply.sentAt !== null) return `sent ${durationWords(Date.parse(reply.sentAt) - posted)} after the post`;
  return `post made ${durationWords(nowMs - posted)} ago`;
};
