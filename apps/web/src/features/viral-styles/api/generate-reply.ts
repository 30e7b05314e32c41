// POST /api/generate-ai-reply (spec part 2 §7): a reply to a post's text in a viral style, from
// the installation's AI writer; `offline` says the built-in offline writer wrote it.
import type { ClassicStyle } from '@core/styles';
import { apiRequest } from '@web/lib/api';

export type GeneratedReply = { reply: string; viralStyle: string; offline: boolean; model: string };

export function generateReply(input: { tweetText: string; accountName: string; viralStyle: ClassicStyle }): Promise<GeneratedReply> {
  return apiRequest<GeneratedReply>('POST', '/api/generate-ai-reply', input);
}
