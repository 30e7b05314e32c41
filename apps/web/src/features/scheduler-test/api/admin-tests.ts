// The Scheduler Test calls (REPLIES-API.md, spec part 2 §7): create a test schedule (v1, v2), run
// it now, send a direct reply (v1, v2), and the admin's recent replies, read every 5 s while the
// page is open. A refusal that is about X's credentials (401, needsTokenRefresh, or words about
// authentication) is told apart so the page can offer to refresh the token.
import useSWR, { mutate } from 'swr';
import { mentionsAuthFailure } from '@core/x/auth-failure';
import type { AdminRecentReply } from '@core/replies/views';
import { ApiError, apiRequest } from '@web/lib/api';
import type { ReplyAnswer } from '@web/features/replies';

export const RECENT_REPLIES_KEY = '/api/admin/recent-replies?limit=20';
export const RECENT_REFRESH_MS = 5000;
export const RECENT_STALE_MS = 2000;

export const useRecentReplies = () =>
  useSWR<AdminRecentReply[], Error>(RECENT_REPLIES_KEY, { refreshInterval: RECENT_REFRESH_MS, dedupingInterval: RECENT_STALE_MS });

export const refreshRecentReplies = () => mutate(RECENT_REPLIES_KEY);

export type TestSchedulePayload = {
  accountId: string;
  connectedAccountId?: string;
  isOnetime: boolean;
  isActive: boolean;
  useAi: boolean;
  viralStyle: string | null;
  content: string;
  startDate: string;
};

export type DirectReplyPayload = {
  accountId: string;
  connectedAccountId: string;
  postId: string;
  content: string;
  useAi: boolean;
  viralStyle?: string;
};

/** POST /api/admin/create-test-schedule(-v2): the new schedule's id (and `version: 2` from the V2 call). */
export type TestSchedule = { id: string; scheduleId?: string; version?: number };

export const createTestSchedule = (payload: TestSchedulePayload, v2: boolean) =>
  apiRequest<TestSchedule>('POST', v2 ? '/api/admin/create-test-schedule-v2' : '/api/admin/create-test-schedule', payload);

export const runTestSchedule = (scheduleId: string, v2: boolean) =>
  v2
    ? apiRequest<ReplyAnswer>('POST', '/api/admin/execute-test-schedule-v2', { scheduleId })
    : apiRequest<ReplyAnswer>('POST', `/api/admin/run-test-schedule/${encodeURIComponent(scheduleId)}`);

export const executeDirectReply = (payload: DirectReplyPayload, v2: boolean) =>
  apiRequest<ReplyAnswer>('POST', v2 ? '/api/admin/execute-direct-reply-v2' : '/api/admin/execute-direct-reply', payload);

/** Spec part 2 §8: 401, needsTokenRefresh, or a message about authentication. */
export function isAuthFailure(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const data = err.data as { needsTokenRefresh?: unknown } | undefined;
  return err.status === 401 || data?.needsTokenRefresh === true || mentionsAuthFailure(err.message);
}
