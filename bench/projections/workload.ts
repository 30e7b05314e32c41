// The events and projections of the rebuild benchmark: user activity shaped like the product's
// (registrations, sign-ins, trial replies, profile edits) projected by the product's real users
// projection, plus two counters of the kind a dashboard reads.
import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@core/eventstore/types';
import type { Projection } from '@core/shared/projection';
import { usersProjection } from '@core/users/projection';
import { userStream } from '@core/users/streams';
import { countersProjection } from '@adapters/projections-sqlite/test-support';

/** Events per day of activity per type: one upsert per event into a small table. */
const dailyActivityProjection: Projection = {
  name: 'daily_activity',
  version: 1,
  schema: ['CREATE TABLE daily_activity (day TEXT NOT NULL, type TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (day, type)) STRICT, WITHOUT ROWID'],
  project: (event) => [
    {
      sql: 'INSERT INTO daily_activity (day, type, n) VALUES (?, ?, 1) ON CONFLICT (day, type) DO UPDATE SET n = n + 1',
      params: [event.metadata.time.slice(0, 10), event.type],
    },
  ],
};

export const benchProjections: Projection[] = [usersProjection, countersProjection, dailyActivityProjection];

const START = Date.parse('2026-01-01T00:00:00Z');
// An argon2id hash's length and shape; the projection only stores it.
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$qLml5cTJsOWRhZjJkYXNkZjJhc2RmMmFzZGYyYXNkZg';

/** A deterministic stream of user events, produced in chunks so 1M events never sit in memory at once. */
export function* userActivity(total: number, chunk: number): Generator<{ stream: string; event: NewEvent }[]> {
  let users = 0;
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const remaining = new Map<number, number>();
  for (let done = 0; done < total; ) {
    const out: { stream: string; event: NewEvent }[] = [];
    for (const end = Math.min(total, done + chunk); done < end; done++) {
      const at = new Date(START + done * 3_000).toISOString();
      const roll = random();
      const metadata = { actor: null, correlationId: randomUUID(), causationId: null, time: at };
      if (users === 0 || roll < 0.1) {
        const id = `user-${String(users).padStart(7, '0')}`;
        users += 1;
        const data = {
          id,
          username: `Person${users}`,
          email: `person${users}@example.test`,
          fullName: `Person Number ${users}`,
          passwordHash: HASH,
          timeZone: 'Europe/Paris',
          xUserId: null,
          role: 'user',
          passwordChangeRequired: false,
          createdBy: null,
          at,
        };
        out.push({ stream: userStream(id), event: { id: randomUUID(), type: 'UserRegistered', data, metadata } });
        continue;
      }
      const n = Math.floor(random() * users);
      const id = `user-${String(n).padStart(7, '0')}`;
      const event = (type: string, data: Record<string, unknown>) => out.push({ stream: userStream(id), event: { id: randomUUID(), type, data, metadata } });
      if (roll < 0.6) event('UserLoggedIn', { at });
      else if (roll < 0.9) {
        const left = Math.max(0, (remaining.get(n) ?? 25) - 1);
        remaining.set(n, left);
        event('TrialReplyUsed', { replyId: randomUUID(), repliesRemaining: left, at });
      } else event('ProfileUpdated', { changes: { fullName: `Renamed ${done}`, timeZone: 'America/New_York' }, at });
    }
    yield out;
  }
}
