/**
 * The AI provider's read models: the settings an admin saved (`ai_provider`, one row, the sealed
 * key included so every process can open it without reading the stream) and the writings counted
 * per user and UTC day (`ai_usage`), which the installation's monthly limit and the admin page
 * read. The read module is adapters/read-models/ai.ts.
 */
import type { RecordedEvent } from '@core/eventstore/types';
import type { Projection, SqlStatement } from '@core/shared/projection';
import { erasingAccounts } from '@core/users/erasure';
import { AI_PROVIDER_EVENT_TYPES, type AiProviderEvent } from './provider';
import { AI_USAGE_EVENT_TYPES, type AiUsageEvent } from './usage';

type Recorded<E> = E extends { type: infer T extends string; data: infer D } ? RecordedEvent<T, D> : never;

const ROW = `INSERT INTO ai_provider (id, fallback, updated_at, updated_by) VALUES (1, 'wait', @at, @actor)
             ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at, updated_by = excluded.updated_by`;

export const aiProviderProjection: Projection<Recorded<AiProviderEvent>> = {
  name: 'ai_provider',
  version: 1,
  schema: [
    `CREATE TABLE ai_provider (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      base_url TEXT,
      model TEXT,
      sealed_key TEXT,
      fallback TEXT NOT NULL,
      user_daily_limit INTEGER,
      monthly_limit INTEGER,
      updated_at TEXT NOT NULL,
      updated_by TEXT
    ) STRICT`,
  ],
  handles: AI_PROVIDER_EVENT_TYPES,
  project(event): SqlStatement[] {
    const touch = { sql: ROW, params: { at: event.metadata.time, actor: event.metadata.actor } };
    switch (event.type) {
      case 'AiProviderConfigured':
        return [
          touch,
          {
            sql: `UPDATE ai_provider SET base_url = @baseUrl, model = @model, fallback = @fallback, user_daily_limit = @daily, monthly_limit = @monthly WHERE id = 1`,
            params: {
              baseUrl: event.data.baseUrl,
              model: event.data.model,
              fallback: event.data.fallback,
              daily: event.data.userDailyLimit,
              monthly: event.data.installationMonthlyLimit,
            },
          },
        ];
      case 'AiProviderKeyReplaced':
        return [touch, { sql: 'UPDATE ai_provider SET sealed_key = @sealed WHERE id = 1', params: { sealed: event.data.sealedKey } }];
      case 'AiProviderKeyRemoved':
        return [touch, { sql: 'UPDATE ai_provider SET sealed_key = NULL WHERE id = 1' }];
      // The same key under the current token key: not a change the page names anyone for.
      case 'AiProviderKeyResealed':
        return [{ sql: 'UPDATE ai_provider SET sealed_key = @sealed WHERE id = 1', params: { sealed: event.data.sealedKey } }];
      default:
        return [];
    }
  },
};

/** A deleted account's writings stay in the installation's totals, under no one. */
const DELETED_USER = '(deleted)';

export const aiUsageProjection: Projection<Recorded<AiUsageEvent>> = erasingAccounts<Recorded<AiUsageEvent>>({
  name: 'ai_usage',
  version: 1,
  schema: [
    `CREATE TABLE ai_usage (
      user_id TEXT NOT NULL,
      day TEXT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (user_id, day)
    ) STRICT, WITHOUT ROWID`,
    'CREATE INDEX ai_usage_day ON ai_usage (day)',
  ],
  handles: AI_USAGE_EVENT_TYPES,
  project(event): SqlStatement[] {
    return [
      {
        sql: `INSERT INTO ai_usage (user_id, day, count) VALUES (@userId, @day, @count)
              ON CONFLICT (user_id, day) DO UPDATE SET count = MAX(count, excluded.count)`,
        params: { userId: event.data.userId, day: event.data.day, count: event.data.count },
      },
    ];
  },
}, (userId) => [
  {
    sql: `INSERT INTO ai_usage (user_id, day, count) SELECT @deleted, day, count FROM ai_usage WHERE user_id = @userId
          ON CONFLICT (user_id, day) DO UPDATE SET count = count + excluded.count`,
    params: { userId, deleted: DELETED_USER },
  },
  { sql: 'DELETE FROM ai_usage WHERE user_id = @userId', params: { userId } },
]);
