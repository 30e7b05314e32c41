import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { failedReplyKey, notificationDecider, previousIsoWeek, type NotificationEvent } from './index';

const spec = deciderSpec(notificationDecider);
const now = '2026-11-27T10:00:00.000Z';
const recorded: NotificationEvent = { type: 'NotificationRecorded', data: { key: failedReplyKey('r1'), kind: 'failed_reply', at: now } };

describe('RecordNotification', () => {
  it('records a message not sent before', () => {
    spec.given().when({ type: 'RecordNotification', key: failedReplyKey('r1'), kind: 'failed_reply', now }).then([recorded]);
  });
  it('stays quiet for a message already recorded (never sent twice)', () => {
    spec.given(recorded).when({ type: 'RecordNotification', key: failedReplyKey('r1'), kind: 'failed_reply', now }).thenNothing();
  });
  it('records another reply of the same user', () => {
    spec
      .given(recorded)
      .when({ type: 'RecordNotification', key: failedReplyKey('r2'), kind: 'failed_reply', now })
      .then([{ type: 'NotificationRecorded', data: { key: failedReplyKey('r2'), kind: 'failed_reply', at: now } }]);
  });
});

describe('previousIsoWeek', () => {
  it('is the ISO week before now, in the user zone, across a year end', () => {
    expect(previousIsoWeek('2026-11-27T10:00:00.000Z', 'UTC')).toEqual({ week: '2026-W47', start: '2026-11-16T00:00:00.000Z', end: '2026-11-23T00:00:00.000Z' });
    expect(previousIsoWeek('2027-01-05T10:00:00.000Z', 'UTC').week).toBe('2026-W53');
    // Monday 00:30 in Paris is still Sunday in UTC: the zone decides which week has ended.
    expect(previousIsoWeek('2026-11-22T23:30:00.000Z', 'Europe/Paris').week).toBe('2026-W47');
    expect(previousIsoWeek('2026-11-22T23:30:00.000Z', 'UTC').week).toBe('2026-W46');
  });
});
