/**
 * Looking at someone's history is itself a fact: every audit read by an admin is recorded on the
 * looked-at person's `audit-views-<userId>` stream (who looked, at what, under which request), so
 * it shows in that person's own audit. A schedule or stream looked at names its owner when known.
 */
import type { Instant } from '@core/users/time';

export const AUDIT_VIEWS_STREAM_PREFIX = 'audit-views-';

export const auditViewsStream = (subjectUserId: string): string => `${AUDIT_VIEWS_STREAM_PREFIX}${subjectUserId}`;

export type AuditSubjectKind = 'user' | 'schedule' | 'stream';

export interface AuditViewedData {
  viewerId: string;
  subjectKind: AuditSubjectKind;
  /** The username, schedule id or stream name asked for. */
  subject: string;
  /** Whose history it is (null: a stream of nobody's, such as a reservation). */
  subjectUserId: string | null;
  at: Instant;
}

export type AuditEvent = { type: 'AuditViewed'; data: AuditViewedData };

export const AUDIT_EVENT_TYPES = ['AuditViewed'] as const satisfies readonly AuditEvent['type'][];

/** The event recording one look (appended by the app with the request's metadata). */
export const auditViewed = (data: AuditViewedData): AuditEvent => ({ type: 'AuditViewed', data });
