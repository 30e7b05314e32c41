// The replies calls (REPLIES-API.md, spec part 2 §7): the history page, the ready-to-send queue and
// its summary, the two actions on a reply waiting for the user, and sending again one that did not go out. Every answer is the server's
// ReplyView (core/replies/views.ts) with the links to X the server adds; the actions put the
// server's answer into the lists and then ask the server again, so a row never shows a state the
// server did not report.
import useSWR, { mutate } from 'swr';
import type { ReplyView } from '@core/replies/views';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';

/** A reply as the API answers it: the view plus the links to X (the reply itself, the post answered). */
export type ReplyItem = ReplyView & { replyUrl?: string | null; postUrl?: string | null };

/**
 * What a write on a reply answers: the reply as it now stands, or, when the read side has not caught
 * up within the server's wait, that the write is recorded (202) and the lists will show it.
 */
export type ReplyAnswer = ReplyItem | { success: true; id: string; pending: true };

export const isReplyItem = (answer: ReplyAnswer | null | undefined): answer is ReplyItem => answer != null && 'badge' in answer;

export type RepliesPage = { items: ReplyItem[]; total: number; page: number; limit?: number };
export type ReadyQueue = { items: ReplyItem[]; total: number };
export type ReplySummary = { ready: number; unconfirmed: number };

export const REPLIES_KEY = '/api/replies';
export const READY_KEY = '/api/replies/ready';
export const SUMMARY_KEY = '/api/replies/summary';
/** Unconfirmed replies wait for the user too; at most this many are listed with the queue. */
export const UNCONFIRMED_LIMIT = 100;
export const UNCONFIRMED_KEY = `${REPLIES_KEY}?page=1&limit=${UNCONFIRMED_LIMIT}&status=unconfirmed`;

export type HistoryQuery = { page: number; limit: number; search: string };

export function historyUrl({ page, limit, search }: HistoryQuery): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search !== '') params.set('search', search);
  return `${REPLIES_KEY}?${params.toString()}`;
}

/** GET /api/replies?page&limit&search: the previous page stays on screen while the next loads. */
export const useReplyHistory = (query: HistoryQuery) => useSWR<RepliesPage, Error>(historyUrl(query), { keepPreviousData: true });

/**
 * GET /api/replies/ready: oldest first, so what expires first is on top. Read again every 15 s: a
 * reply posted from X's composer is detected by the server and leaves the queue on its own.
 */
export const useReadyReplies = () => useSWR<ReadyQueue, Error>(READY_KEY, { refreshInterval: 15_000 });

export const useUnconfirmedReplies = () => useSWR<RepliesPage, Error>(UNCONFIRMED_KEY, { refreshInterval: 60_000 });

/** The sidebar's and the dashboard's count: refreshed every 30 s and after every action. */
export const useReplySummary = () => useSWR<ReplySummary, Error>(SUMMARY_KEY, { refreshInterval: 30_000 });

/** The count a badge shows: every reply that waits for the user. */
export const waitingCount = (summary: ReplySummary | undefined): number => (summary ? summary.ready + summary.unconfirmed : 0);

const isRepliesKey = (key: unknown): boolean => typeof key === 'string' && key.startsWith(REPLIES_KEY);

/** Ask the server again for every replies list and count on screen. */
export const refreshReplies = () => mutate(isRepliesKey);

type Listed = ReadyQueue | RepliesPage | undefined;

/** Puts the server's answer for one reply into a cached list, in place, without revalidating. */
const withAnswer = (list: Listed, answer: ReplyItem): Listed =>
  list && { ...list, items: list.items.map((r) => (r.id === answer.id ? { ...r, ...answer } : r)) };

async function act(id: string, action: 'mark-sent' | 'skip' | 'resend', body: unknown, done: string, fallback: string): Promise<ReplyAnswer | null> {
  try {
    const answer = await apiRequest<ReplyAnswer>('POST', `${REPLIES_KEY}/${encodeURIComponent(id)}/${action}`, body);
    if (isReplyItem(answer)) {
      await mutate(isRepliesKey, (list: Listed) => (list && 'items' in list ? withAnswer(list, answer) : list), { revalidate: false });
    }
    toast({ title: done, description: isReplyItem(answer) ? answer.badge.label : undefined });
    return answer;
  } catch (err) {
    toast({ title: fallback, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    return null;
  } finally {
    // The server is the source of truth: lists, counts and history are read again either way.
    void refreshReplies();
  }
}

/** POST /api/replies/:id/mark-sent, optionally with the link to the reply on X. */
export const markReplySent = (id: string, replyUrl?: string) =>
  act(id, 'mark-sent', replyUrl ? { replyUrl } : {}, 'Marked as sent', 'Could not mark the reply as sent');

/** POST /api/replies/:id/skip. */
export const skipReply = (id: string) => act(id, 'skip', undefined, 'Reply skipped', 'Could not skip the reply');

/** POST /api/replies/:id/resend: a reply that did not go out, sent again (the server checks it may be). */
export const resendReply = (id: string) => act(id, 'resend', undefined, 'Sending again', 'Could not send the reply again');
