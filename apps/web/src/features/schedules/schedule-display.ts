// How the Schedules table and a schedule's page read a schedule (spec part 2 §2, §4): the zone
// banner's UTC offset, the time shown (next run while pending, last run once executed), the
// template column, the badges, and the summary of a schedule's latest reply.
import { WEEKDAY_LABELS, isoFromSundayZero, sundayZeroFromIso, type IsoWeekday } from '@core/scheduling/time';
import type { ScheduleReplyView, ScheduleView } from '@core/scheduling/views';
import { isPending, styleLabel } from '@web/features/schedules/schedule-view';

/** 'UTC+01:00', 'UTC-03:30', 'UTC+00:00' for the zone at `at`. */
export function utcOffsetLabel(zone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  // 'GMT+01:00', or just 'GMT' at offset zero.
  const offset = part?.value.replace(/^GMT/, '') ?? '';
  return `UTC${offset === '' ? '+00:00' : offset}`;
}

/** The instant the table's Scheduled Time column shows, and what it means. */
export function shownTime(s: ScheduleView): { at: string | null; kind: 'next' | 'last' | 'waiting' | 'none' } {
  if (isPending(s)) {
    if (s.nextRunTime) return { at: s.nextRunTime, kind: 'next' };
    return { at: null, kind: s.scheduleType === 'auto' ? 'waiting' : 'none' };
  }
  return s.lastExecutedAt ? { at: s.lastExecutedAt, kind: 'last' } : { at: null, kind: 'none' };
}

/** The first words of a text, so two schedules with different replies never read alike. */
export const firstWords = (text: string, max = 60): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/** The Template column: the reply's text, or the template, the group, or the AI style that writes it. */
export function sourceLabel(s: ScheduleView): string {
  if (s.templateGroupId) return `Group: ${s.templateGroupName ?? 'deleted group'}`;
  if (s.templateId) return s.templateName ?? 'Deleted template';
  const text = s.content === null || s.content.trim() === '' ? null : `“${firstWords(s.content)}”`;
  if (s.useAI) return `AI · ${styleLabel(s.viralStyle) ?? 'default style'}${text === null ? '' : ` · ${text}`}`;
  return text ?? 'Fixed text';
}

export type StatusBadge = { label: string; tone: 'info' | 'success' | 'secondary' };

export function statusBadge(s: ScheduleView): StatusBadge {
  if (s.status === 'paused') return { label: 'Paused', tone: 'secondary' };
  if (s.status === 'inactive' || !s.isActive) return { label: 'Inactive', tone: 'secondary' };
  return isPending(s) ? { label: 'Pending', tone: 'info' } : { label: 'Executed', tone: 'success' };
}

/** Spec §4: recurring schedules carry a daily/weekly/monthly badge, auto ones an Auto badge. */
export function kindBadge(s: ScheduleView): string | null {
  if (s.scheduleType === 'auto') return 'Auto';
  if (s.isRecurring && s.recurringType) return s.recurringType;
  return null;
}

/**
 * The admin details row shows weekly days in the spec's details numbering (0 Sunday ... 6
 * Saturday) with their names: '1 Mon, 3 Wed'. The API answers ISO weekdays (1 Monday ... 7 Sunday).
 */
export function detailsWeekdays(isoDays: readonly number[]): string {
  return [...isoDays]
    .map((d) => sundayZeroFromIso(d as IsoWeekday))
    .sort((a, b) => a - b)
    .map((z) => `${z} ${WEEKDAY_LABELS[isoFromSundayZero(z)].short}`)
    .join(', ');
}

export type LatestReply =
  | { kind: 'pending'; at: string | null }
  | { kind: 'none' }
  | { kind: 'no-post-id'; reply: ScheduleReplyView }
  | { kind: 'sent'; reply: ScheduleReplyView & { replyPostId: string } };

/**
 * Spec §4: a pending schedule shows its estimated send time; an executed one its latest sent reply
 * (link and relative time), or 'No replies found', or 'Reply processed, but no post ID returned'.
 * `replies` come latest first, as the API answers them.
 */
export function latestReply(s: ScheduleView, replies: readonly ScheduleReplyView[]): LatestReply {
  if (isPending(s)) return { kind: 'pending', at: s.nextRunTime };
  const latest = replies.find((r) => r.status === 'sent') ?? replies[0];
  if (latest === undefined) return { kind: 'none' };
  if (latest.replyPostId === null || latest.replyPostId === '') return { kind: 'no-post-id', reply: latest };
  return { kind: 'sent', reply: { ...latest, replyPostId: latest.replyPostId } };
}

export const LATEST_REPLY_TEXTS = {
  none: 'No replies found',
  noPostId: 'Reply processed, but no post ID returned',
} as const;
