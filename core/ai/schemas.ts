/**
 * Input of the AI writer and of the three AI calls (spec part 2 §7), as zod schemas shared by the
 * forms, the API and the CLI.
 */
import { z } from 'zod';
import { classicStyleSchema, DEFAULT_CLASSIC_STYLE, repurposeStyleSchema, writingStyleSchema } from '@core/styles';
import { countCharacters, unitCapFor } from '@core/text/length';
import { aiContextSchema } from './context';

export const AI_LIMITS = {
  /** Longest input text or post the writer accepts (the content maximum, spec §9). */
  inputMax: 25_000,
  /** The AI reply length range of spec §9, applied to every call's maxLength. */
  maxLengthMin: 50,
  maxLengthMax: 4000,
  /** Where a call gives no length: a standard X post (the viral tester's counter is out of 280). */
  defaultMaxLength: 280,
  accountNameMax: 50,
} as const;

export const AI_MESSAGES = {
  textRequired: 'Text to rewrite is required',
  tooLong: `Text cannot exceed ${AI_LIMITS.inputMax} characters`,
  tweetTextRequired: 'Please enter some text to reply to',
  noContentToRepurpose: 'Please enter some content first.',
  generateFailed: 'Failed to generate reply',
} as const;

export const clampAiLength = (n: number): number =>
  Math.min(AI_LIMITS.maxLengthMax, Math.max(AI_LIMITS.maxLengthMin, Math.round(n)));

const text = (required: string) =>
  z
    .string({ error: required })
    // Cheap and first: nothing walks a text that is too long even in UTF-16 units.
    .max(unitCapFor(AI_LIMITS.inputMax), { message: AI_MESSAGES.tooLong, abort: true })
    .refine((s) => s.trim() !== '', required)
    .refine((s) => countCharacters(s) <= AI_LIMITS.inputMax, AI_MESSAGES.tooLong);

const length = z
  .number({ error: 'maxLength must be a number' })
  .refine(Number.isFinite, 'maxLength must be a number')
  .transform(clampAiLength);

const seed = z.number().int().optional();
const name = z.string().trim().min(1).max(AI_LIMITS.accountNameMax);

/** What a writer is asked (checked again by withSafety, whoever calls). */
export const rewriteRequestSchema = z.object({
  text: text(AI_MESSAGES.textRequired),
  style: writingStyleSchema,
  maxLength: length,
  seed,
  target: z.object({ username: name, postText: z.string().max(AI_LIMITS.inputMax).optional() }).optional(),
  context: aiContextSchema.optional(),
});

export const replyRequestSchema = z.object({
  postText: text(AI_MESSAGES.tweetTextRequired),
  accountName: name,
  style: writingStyleSchema,
  maxLength: length,
  seed,
  context: aiContextSchema.optional(),
});

// ---- the three calls --------------------------------------------------------------------------

/** POST /api/v2/repurpose {originalContent, targetStyle} -> {success, content, message}. */
export const v2RepurposeBodySchema = z.object({
  originalContent: text(AI_MESSAGES.noContentToRepurpose),
  targetStyle: repurposeStyleSchema,
  maxLength: length.default(AI_LIMITS.defaultMaxLength),
  seed,
});

/** POST /api/repurpose-content {content, maxLength} -> {success, repurposedContent} or {message}. */
export const repurposeContentBodySchema = z.object({
  content: text(AI_MESSAGES.noContentToRepurpose),
  maxLength: length.default(AI_LIMITS.defaultMaxLength),
  seed,
});

/** POST /api/generate-ai-reply {tweetText, accountName, viralStyle?} -> {reply}. */
export const generateAiReplyBodySchema = z.object({
  tweetText: text(AI_MESSAGES.tweetTextRequired),
  accountName: name.default('@Example'),
  // The tester lists the classic styles; any style the writer knows is accepted (direct replies reuse it).
  viralStyle: writingStyleSchema.default(DEFAULT_CLASSIC_STYLE),
  maxLength: length.default(AI_LIMITS.defaultMaxLength),
  seed,
});

/**
 * POST /api/templates/preview {content, viralStyle, aiMaxLength} -> {content, offline, model}: what
 * an AI template could send, previewed in the template dialog before saving (not in the spec).
 */
export const templatePreviewBodySchema = z.object({
  content: text(AI_MESSAGES.noContentToRepurpose),
  viralStyle: classicStyleSchema.default(DEFAULT_CLASSIC_STYLE),
  aiMaxLength: length.default(AI_LIMITS.defaultMaxLength),
  seed,
});
