/**
 * The offline AI writer: the default when no AI service is configured. Deterministic (same
 * request, same text), different per style and per seed, and labelled offline so the API and the
 * UI say so. Returned through withSafety like every writer.
 */
import { withSafety, type AiText, type AiWriter } from '@core/ai';
import { composeOffline } from './compose';

export const OFFLINE_MODEL = 'riposte-offline-1';

export const createOfflineWriter = (): AiWriter => {
  const answer = (text: string): AiText => ({ text, offline: true, model: OFFLINE_MODEL });
  return withSafety({
    offline: true,
    model: OFFLINE_MODEL,
    rewrite: async (r) =>
      answer(composeOffline({ kind: 'rewrite', style: r.style, text: r.text, seed: r.seed, context: r.target?.postText, maxLength: r.maxLength })),
    replyTo: async (r) => answer(composeOffline({ kind: 'reply', style: r.style, text: r.postText, seed: r.seed, maxLength: r.maxLength })),
  });
};

export { composeOffline } from './compose';
