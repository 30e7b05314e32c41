import { describe, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { failedReplyKey, notificationDecider, type NotificationEvent } from './index';

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
