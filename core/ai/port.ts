/**
 * The AI writer port: turns a text into a variation in a style, or writes a reply to a post.
 * Implementations: adapters/ai-openai (any OpenAI-compatible server), adapters/ai-offline (the
 * deterministic default). Every implementation's factory returns its writer through `withSafety`
 * (safety.ts), so whatever a model says, callers get text without @mentions and within maxLength.
 */
import type { WritingStyle } from '@core/styles';
import type { AiContext } from './context';

export interface RewriteRequest {
  /** The text to rewrite (a template's content, a reply draft). */
  text: string;
  style: WritingStyle;
  /** Maximum characters (grapheme clusters) of the answer. */
  maxLength: number;
  /** Same seed, same input: the offline writer answers the same; a model is asked to (best effort). */
  seed?: number;
  /** When the text will be a reply: who to, and their post if known (context only, never tagged). */
  target?: { username: string; postText?: string };
  /** What the plan lets the writer see besides (core/ai/context.ts); a model reads it, the offline writer does not. */
  context?: AiContext;
}

export interface ReplyRequest {
  /** The post being replied to. */
  postText: string;
  /** Its author as shown to the writer (the admin tester's default is '@Example'); never tagged. */
  accountName: string;
  style: WritingStyle;
  maxLength: number;
  seed?: number;
  /** As RewriteRequest's. */
  context?: AiContext;
}

export interface AiText {
  text: string;
  /** True when written by the offline writer: the API and UI label it as such. */
  offline: boolean;
  /** The model that wrote it (as the server reported it), or the offline writer's version. */
  model: string;
  /**
   * Set when the offline writer wrote it in place of the provider an admin set (the provider
   * failed or a limit was reached and the fallback is 'offline'): why, in plain words.
   */
  fallback?: string;
  /** With `fallback`: the provider's failure itself, as its error said it (what a reply records). */
  fallbackCause?: string;
}

export interface AiCallOptions {
  /** Cancels the call (e.g. the HTTP request that asked for it went away). */
  signal?: AbortSignal;
  /** Whose writing it is: counted against the provider's limits (core/ai/usage.ts). */
  userId?: string;
}

export interface AiWriter {
  /** Known before any call, so a page can say "offline writer" up front. */
  readonly offline: boolean;
  readonly model: string;
  rewrite(request: RewriteRequest, options?: AiCallOptions): Promise<AiText>;
  replyTo(request: ReplyRequest, options?: AiCallOptions): Promise<AiText>;
}
