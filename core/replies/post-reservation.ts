/**
 * Never two replies to one post from one account: the reply holds a reservation of the pair
 * (connected account, post) before it is prepared (core/eventstore/reservation.ts: appended with
 * 'no stream', so of two racing replies exactly one holds it on every store). The reservation is
 * kept whatever the reply's fate: one attempt per post and account.
 */
import type { ReservationRequest } from '@core/eventstore/reservation';

export const REPLY_TARGET_KIND = 'reply_target';

export const replyTargetReservation = (connectedAccountId: string, postId: string, replyId: string): ReservationRequest => ({
  kind: REPLY_TARGET_KIND,
  value: `${connectedAccountId}/${postId}`,
  ownerId: replyId,
});
