/**
 * Field schemas shared by the scheduling forms and calls, and the parse helpers that turn zod
 * issues into the error shape of the API (AppError with a field) or a form's field map.
 *
 * Form inputs arrive as strings ('' for an empty select, '09' for an hour) and API bodies as JSON
 * (ids may be numbers in the spec's original API); both are accepted and normalised here.
 */
import { z } from 'zod';
import { UPLOAD_PATH_SHAPE } from '@core/images';
import { isAppError } from '@core/shared/errors';
import { fieldOf } from '@core/shared/parse';
import { countCharacters, unitCapFor } from '@core/text/length';
import { stripMentions } from '@core/text/mentions';
import { parseDate, RECURRING_TYPES } from '@core/scheduling/time';
import { AUTO_DELAY_MAX_MINUTES, CONTENT_MAX, IMAGE_MAX_BYTES, SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { MAX_FRESHNESS_MINUTES, MAX_WAIT_MINUTES, POST_RULE_KINDS, POST_RULE_MESSAGES } from '@core/scheduling/post-rule';

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** A required id: a non-empty string (numbers are turned into strings). */
export const idField = (message: string) =>
  z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string({ error: message }).trim().min(1, message));

/** An optional id: empty, null or absent are all "none" (null). */
export const optionalIdField = () =>
  z.preprocess(
    (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : blankToUndefined(v)),
    z.string().trim().min(1).optional(),
  ).transform((v) => v ?? null);

/** An optional integer in a range; '' and null mean absent; numeric strings are read as numbers. */
export const optionalIntField = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' && /^\s*-?\d+\s*$/.test(b) ? Number(b) : b;
    },
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

export const booleanField = (fallback: boolean) =>
  z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : blankToUndefined(v)), z.boolean().optional()).transform((v) => v ?? fallback);

/** 'YYYY-MM-DD', a real calendar day. */
export const dateField = z
  .string({ error: M.dateRequired })
  .trim()
  .refine((s) => parseDate(s) !== null, M.dateRequired);

export const recurringTypeField = z.enum(RECURRING_TYPES, { error: M.recurringTypeRequired });

/**
 * True when a reply text says something once its @mentions are stripped. The decider refuses a text
 * left empty by stripping too, but only the schema knows the payload's field to name.
 */
export const hasReplyText = (text: string): boolean => {
  if (text.trim() === '') return false;
  try {
    return stripMentions(text).text !== '';
  } catch (e) {
    // Mentions nested too deeply to strip: not this rule's call; the decider refuses it on its field.
    if (isAppError(e) && e.reason === 'MENTIONS_TOO_NESTED') return true;
    throw e;
  }
};

/**
 * Refuses, before any rule walks it, a reply text too long even in UTF-16 units (free to read);
 * the object-level rules of the schema then never see it either.
 */
export const replyTextCap = (tooLongMessage: string = M.contentTooLong) =>
  z.string().max(unitCapFor(CONTENT_MAX), { message: tooLongMessage, abort: true });

/** Reply text: required (more than mentions), at most 25000 characters a reader sees (core/text/length.ts). */
export const contentField = (requiredMessage: string, tooLongMessage: string = M.contentTooLong) =>
  z
    .string({ error: requiredMessage })
    .max(unitCapFor(CONTENT_MAX), { message: tooLongMessage, abort: true })
    .refine(hasReplyText, requiredMessage)
    .refine((s) => countCharacters(s) <= CONTENT_MAX, tooLongMessage);

/** An image reference: a path the server handed out on upload (core/images; ownership is the server's check). */
export const imageUrlField = z
  .preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(2048, M.imageUrlInvalid)
      .regex(UPLOAD_PATH_SHAPE, M.imageUrlInvalid)
      .optional(),
  )
  .transform((v) => v ?? null);

/** A picked file as the browser describes it (File has name, type and size). */
export interface PickedFile {
  type: string;
  size: number;
}

/** The classic form's image: under 5MB ('Image must be less than 5MB', toast title 'File too large'). */
export const classicImageFileSchema = z.object({
  type: z.string(),
  size: z.number().max(IMAGE_MAX_BYTES, M.imageTooLarge),
});

/** The V2 form's image: an image type ('Invalid file type'), under 5MB ('File too large'). */
export const v2ImageFileSchema = z.object({
  type: z.string().refine((t) => /^image\/[a-z0-9.+-]+$/i.test(t) && !/svg/i.test(t), M.invalidFileType),
  size: z.number().max(IMAGE_MAX_BYTES, M.fileTooLarge),
});

export interface FieldIssue {
  field: string;
  message: string;
}

/** Every issue with its field ('conditions.content' for nested ones), in schema order. */
export const fieldIssues = (error: z.ZodError): FieldIssue[] => error.issues.map((i) => ({ field: fieldOf(i.path), message: i.message }));

/** One message per field, the first found (what a form shows under each input). */
export const fieldErrors = <S extends z.ZodType>(schema: S, value: unknown): Record<string, string> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const { field, message } of fieldIssues(parsed.error)) if (!(field in out)) out[field] = message;
  return out;
};

/** Adds an issue on a field from a superRefine. */
export const issue = (ctx: z.RefinementCtx, field: string, message: string): void => {
  ctx.addIssue({ code: 'custom', message, path: field.split('.') });
};

/** PATCH /api/schedules/:id: the connected account a schedule posts from, from its next run on. */
export const moveSchedulePayloadSchema = z.object({ connectedAccountId: idField(M.connectedAccountRequired) });

/**
 * An exact time (an ISO instant) in place of a peak window, for one-time replies from the classic
 * and V2 calls (issue 14: one time picker); absent or null means the peak window. The plan checks
 * that it lies in the future.
 */
export const exactTimeField = z
  .preprocess(blankToUndefined, z.iso.datetime({ offset: true, error: M.exactTimeInvalid }).optional())
  .transform((v) => v ?? null);

/**
 * Which post the schedule answers (core/scheduling/post-rule.ts), the same three fields in every
 * schedule call: `targetPost` ('next' | 'freshest'), `waitMinutes`, `freshnessMinutes`; each may be
 * left out (the plan's default).
 */
export const postChoiceShape = {
  targetPost: z.preprocess(blankToUndefined, z.enum(POST_RULE_KINDS, { error: POST_RULE_MESSAGES.kindInvalid }).optional()),
  waitMinutes: optionalIntField(1, MAX_WAIT_MINUTES, POST_RULE_MESSAGES.waitRange),
  freshnessMinutes: optionalIntField(1, MAX_FRESHNESS_MINUTES, POST_RULE_MESSAGES.freshnessRange),
};

/**
 * An auto schedule from any composer's call: `scheduleType: 'auto'` answers each new post of the
 * target (the watcher's), `delayMinutes` after it; the call's timing fields are then not needed.
 */
export const autoShape = {
  delayMinutes: optionalIntField(0, AUTO_DELAY_MAX_MINUTES, M.delayRange),
};

/** True when a call asks for an auto schedule. */
export const isAutoCall = (p: { scheduleType?: unknown }): boolean => p.scheduleType === 'auto';

/** An auto schedule answers each new post the watcher sees: a time, a recurrence or a post rule would say otherwise. */
export const refineAuto = (
  ctx: z.RefinementCtx,
  p: { isRecurring?: boolean; exactTime?: string | null; targetPost?: string | undefined },
): void => {
  if (p.isRecurring === true) issue(ctx, 'isRecurring', M.autoHasNoTime);
  if (p.exactTime !== null && p.exactTime !== undefined) issue(ctx, 'exactTime', M.autoHasNoTime);
  if (p.targetPost !== undefined) issue(ctx, 'targetPost', M.autoHasNoTime);
};
