/**
 * The AI provider's read models: their projections (core/ai/projection.ts, the `ai_provider` and
 * `ai_usage` tables) and every query over those tables (ADR 0018).
 */
import type { ReadDb } from '@adapters/projections-sqlite';
import { aiProviderProjection, aiUsageProjection, AI_FALLBACKS, type AiFallback, type AiProviderSettings } from '@core/ai';
import { usernamesByIds } from './users';

export { aiProviderProjection, aiUsageProjection };

export interface SavedAiProvider extends AiProviderSettings {
  /** The key as sealed by the server (null: none set here). */
  sealedKey: string | null;
  updatedAt: string;
  /** The admin's username (null: unknown or erased). */
  updatedBy: string | null;
}

interface ProviderRow {
  base_url: string | null;
  model: string | null;
  sealed_key: string | null;
  fallback: string;
  user_daily_limit: number | null;
  monthly_limit: number | null;
  updated_at: string;
  updated_by: string | null;
}

/** What the AI Provider page saved, or null when it was never used. */
export const savedAiProvider = (db: ReadDb): SavedAiProvider | null => {
  const row = db
    .prepare<[], ProviderRow>('SELECT base_url, model, sealed_key, fallback, user_daily_limit, monthly_limit, updated_at, updated_by FROM ai_provider WHERE id = 1')
    .get();
  if (row === undefined) return null;
  const fallback: AiFallback = (AI_FALLBACKS as readonly string[]).includes(row.fallback) ? (row.fallback as AiFallback) : 'wait';
  const by = row.updated_by === null ? null : (usernamesByIds(db, [row.updated_by]).get(row.updated_by) ?? null);
  return {
    baseUrl: row.base_url,
    model: row.model,
    sealedKey: row.sealed_key,
    fallback,
    userDailyLimit: row.user_daily_limit,
    installationMonthlyLimit: row.monthly_limit,
    updatedAt: row.updated_at,
    updatedBy: by,
  };
};

/** Model writings counted for the installation in a UTC month (YYYY-MM). */
export const aiWritingsInMonth = (db: ReadDb, month: string): number =>
  db.prepare<[string, string], { n: number | null }>("SELECT SUM(count) AS n FROM ai_usage WHERE day >= ? || '-01' AND day <= ? || '-31'").get(month, month)?.n ?? 0;

/** Model writings counted for the installation on a UTC day (YYYY-MM-DD), every user together. */
export const aiWritingsOnDay = (db: ReadDb, day: string): number =>
  db.prepare<[string], { n: number | null }>('SELECT SUM(count) AS n FROM ai_usage WHERE day = ?').get(day)?.n ?? 0;
