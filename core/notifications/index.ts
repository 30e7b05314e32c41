/**
 * E-mails sent to a user, one stream per user (`notifications-<userId>`): each message is recorded
 * under a key (`failed_reply:<replyId>`) BEFORE it is sent, so of several scheduler processes,
 * or a restart, only the one whose append won sends it: a message goes out at most once, and a
 * crash between the record and the send loses that one message rather than sending it twice.
 */
import { DateTime } from 'luxon';
import type { Decider } from '@core/shared/decider';
import type { MailKind } from '@core/mail';

export const notificationStream = (userId: string): string => `notifications-${userId}`;

export type NotificationEvent = { type: 'NotificationRecorded'; data: { key: string; kind: MailKind; at: string } };
export type NotificationCommand = { type: 'RecordNotification'; key: string; kind: MailKind; now: string };
export type NotificationState = { sent: string[] };

export const failedReplyKey = (replyId: string): string => `failed_reply:${replyId}`;

export const notificationDecider: Decider<NotificationCommand, NotificationEvent, NotificationState> = {
  initialState: () => ({ sent: [] }),
  decide: (command, state) =>
    state.sent.includes(command.key) ? [] : [{ type: 'NotificationRecorded', data: { key: command.key, kind: command.kind, at: command.now } }],
  evolve: (state, event) => (event.type === 'NotificationRecorded' ? { sent: [...state.sent, event.data.key] } : state),
};

/** The ISO week before the one `now` falls in, in the user's zone: its key ('2026-W47') and bounds. */
export const previousIsoWeek = (now: Date | string, zone: string): { week: string; start: string; end: string } => {
  const here = DateTime.fromJSDate(typeof now === 'string' ? new Date(now) : now, { zone });
  const start = here.startOf('week').minus({ weeks: 1 });
  const end = start.plus({ weeks: 1 });
  return { week: `${start.weekYear}-W${String(start.weekNumber).padStart(2, '0')}`, start: start.toUTC().toISO() as string, end: end.toUTC().toISO() as string };
};

export const weeklySummaryKey = (week: string): string => `weekly_summary:${week}`;
