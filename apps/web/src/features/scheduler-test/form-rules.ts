// The Scheduler Test forms' checks (spec part 2 §5 'Admin test tools') and the payloads they send
// (spec part 2 §3 'Test schedule payload', 'Direct reply payload').
import type { DirectReplyPayload, TestSchedulePayload } from './api/admin-tests';
import { TEST_MESSAGES as M } from './messages';

export type Problem = { field: string; title: string; description: string };

export type CreateForm = {
  accountId: string;
  connectedAccountId: string;
  isOnetime: boolean;
  isActive: boolean;
  useAi: boolean;
  viralStyle: string;
  content: string;
  /** A datetime-local value, read in the browser's zone. */
  startLocal: string;
};

export type DirectForm = {
  accountId: string;
  connectedAccountId: string;
  postId: string;
  content: string;
  useAi: boolean;
  viralStyle: string;
};

/** A post id, or a link to a post (x.com/…/status/<id>, the sandbox's too): the id. */
export function postIdOf(text: string): string | null {
  const t = text.trim();
  const fromLink = /\/status(?:es)?\/(\d{1,25})(?:[/?#]|$)/.exec(t);
  if (fromLink?.[1]) return fromLink[1];
  return /^\d{1,25}$/.test(t) ? t : null;
}

/** 'YYYY-MM-DDTHH:MM' in the browser's zone, `minutes` from `now`. */
export function localInputValue(now: Date, minutes: number): string {
  const d = new Date(now.getTime() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function checkCreate(form: CreateForm, v2: boolean): Problem | null {
  if (form.accountId === '') return { field: 'accountId', ...(v2 ? M.accountRequiredV2 : M.accountRequired) };
  if (Number.isNaN(Date.parse(form.startLocal))) return { field: 'startLocal', title: 'Start date required', description: 'Please choose when the test schedule runs.' };
  if (!form.useAi && form.content.trim() === '') return { field: 'content', ...M.contentRequired };
  return null;
}

export function createPayload(form: CreateForm): TestSchedulePayload {
  return {
    accountId: form.accountId,
    ...(form.connectedAccountId ? { connectedAccountId: form.connectedAccountId } : {}),
    isOnetime: form.isOnetime,
    isActive: form.isActive,
    useAi: form.useAi,
    viralStyle: form.useAi ? form.viralStyle : null,
    content: form.content.trim(),
    startDate: new Date(form.startLocal).toISOString(),
  };
}

/** The V2 call sends a default text when the content is empty (spec part 2 §5). */
export function checkDirect(form: DirectForm, v2: boolean): Problem | null {
  if (form.accountId === '') return { field: 'accountId', ...M.targetRequired };
  if (form.connectedAccountId === '') return { field: 'connectedAccountId', ...M.connectedRequired };
  if (postIdOf(form.postId) === null) return { field: 'postId', ...M.postIdRequired };
  if (!form.useAi && !v2 && form.content.trim() === '') return { field: 'content', ...M.contentRequired };
  return null;
}

export function directPayload(form: DirectForm, v2: boolean): DirectReplyPayload {
  const content = form.content.trim() === '' && !form.useAi && v2 ? M.defaultV2Content : form.content.trim();
  return {
    accountId: form.accountId,
    connectedAccountId: form.connectedAccountId,
    postId: postIdOf(form.postId) ?? '',
    content,
    useAi: form.useAi,
    ...(form.useAi ? { viralStyle: form.viralStyle } : {}),
  };
}
