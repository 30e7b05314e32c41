/**
 * The audit index read model (core/audit/projection.ts: `audit_streams`, `audit_acts`) and its
 * queries (ADR 0018): the streams of a person's history, and the owner of a stream.
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { auditIndexProjection as indexBase } from '@core/audit/projection';
import { erasingAccounts } from '@core/users/erasure';

/** The index, also forgetting a deleted account's streams (ADR 0028): its history is erased too. */
export const auditIndexProjection = erasingAccounts(indexBase, (userId) => [
  { sql: 'DELETE FROM audit_streams WHERE user_id = @userId', params: { userId } },
  { sql: 'DELETE FROM audit_acts WHERE actor = @userId', params: { userId } },
]);

export interface HistoryStreams {
  /** Streams that are the person's: every event in them is part of the history. */
  owned: string[];
  /** Other streams the person acted in: only the person's own events there are. */
  actedIn: string[];
}

export const historyStreamsOf = (db: ReadDb, userId: string): HistoryStreams => {
  const owned = db.prepare<[string], { stream: string }>('SELECT stream FROM audit_streams WHERE user_id = ? ORDER BY first_position').all(userId).map((r) => r.stream);
  const mine = new Set(owned);
  const actedIn = db
    .prepare<[string], { stream: string }>('SELECT stream FROM audit_acts WHERE actor = ? ORDER BY stream')
    .all(userId)
    .map((r) => r.stream)
    .filter((s) => !mine.has(s));
  return { owned, actedIn };
};

export const ownerOfStream = (db: ReadDb, stream: string): string | null =>
  db.prepare<[string], { user_id: string }>('SELECT user_id FROM audit_streams WHERE stream = ?').get(stream)?.user_id ?? null;
