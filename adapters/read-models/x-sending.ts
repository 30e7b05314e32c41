/**
 * The installation's sending state read model: its projection (core/x-sending/projection.ts, the
 * `x_sending` table) and its query (ADR 0018).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { X_SENDING_MESSAGES, xSendingProjection, type XSendingPauseReason, type XSendingView } from '@core/x-sending';

export { xSendingProjection };

export const xSendingNow = (db: ReadDb): XSendingView => {
  const row = db
    .prepare<[], { state: string; reason: string | null; detail: string | null; since: string | null; resumed_at: string | null }>(
      'SELECT state, reason, detail, since, resumed_at FROM x_sending WHERE id = 1',
    )
    .get();
  if (row === undefined || row.state !== 'paused' || row.since === null) return { state: 'on', resumedAt: row?.resumed_at ?? null };
  const reason: XSendingPauseReason = row.reason === 'client_not_enrolled' ? 'client_not_enrolled' : 'credits_depleted';
  return { state: 'paused', reason, message: X_SENDING_MESSAGES.paused(reason), detail: row.detail, since: row.since };
};
