/**
 * Template and template group input: limits, defaults and zod schemas with the spec's messages
 * (part 2 §5), shared by the web forms, the API and the CLI.
 */
import { z } from 'zod';
import { classicStyleSchema, DEFAULT_CLASSIC_STYLE } from '@core/styles';
import { UPLOAD_PATH_SHAPE } from '@core/images';
import { countCharacters, unitCapFor } from '@core/text/length';

export const TEMPLATE_LIMITS = {
  contentMax: 25_000,
  /** Not in the spec; a bound keeps lists readable and rows small (docs/adr/0007-ai-writer.md). */
  nameMax: 100,
  aiToneMax: 50,
  imageUrlMax: 2048,
  aiMaxLengthMin: 50,
  aiMaxLengthMax: 4000,
  /** What a template stores when no AI length was given (spec §3). */
  aiMaxLengthStoredDefault: 280,
  /** Not in the spec; a bound on one group's event size. */
  templatesPerGroupMax: 100,
  groupNameMax: 100,
  groupDescriptionMax: 500,
} as const;

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  nameTooLong: `Template name cannot exceed ${TEMPLATE_LIMITS.nameMax} characters`,
  contentRequired: 'Template content is required',
  contentTooLong: 'Content cannot exceed 25000 characters',
  aiMaxLengthHelp: 'Maximum character count for AI-generated replies (50-4000)',
  aiMaxLengthNotNumber: 'AI max length must be a number',
  aiToneTooLong: `AI tone cannot exceed ${TEMPLATE_LIMITS.aiToneMax} characters`,
  imageUrlInvalid: 'Image must be an image you uploaded to Riposte',
  imageNotFound: 'Image not found. Upload it again.',
  groupNameRequired: 'Group name is required',
  groupNameTooLong: 'Group name cannot exceed 100 characters',
  groupDescriptionTooLong: `Description cannot exceed ${TEMPLATE_LIMITS.groupDescriptionMax} characters`,
  groupFull: `A template group can hold at most ${TEMPLATE_LIMITS.templatesPerGroupMax} templates`,
  notFound: 'Template not found',
  groupNotFound: 'Template group not found',
} as const;

/** The 5-second warning the Templates page shows when mentions were stripped on save (spec §5). */
export const MENTIONS_REMOVED_WARNING = {
  title: '@mentions removed',
  description:
    'Due to X platform policies, @mentions have been automatically removed from your template to avoid account restrictions.',
  durationMs: 5000,
} as const;

/** What the create form starts with (spec §4: active, AI off, savage_comeback, 4000). */
export const TEMPLATE_FORM_DEFAULTS = {
  name: '',
  content: '',
  imageUrl: null,
  isActive: true,
  useAI: false,
  aiTone: null,
  aiMaxLength: TEMPLATE_LIMITS.aiMaxLengthMax,
  viralStyle: DEFAULT_CLASSIC_STYLE,
} as const;

/** The AI length input is clamped into 50-4000, never refused (spec §5). */
export const clampAiMaxLength = (value: number): number =>
  Math.min(TEMPLATE_LIMITS.aiMaxLengthMax, Math.max(TEMPLATE_LIMITS.aiMaxLengthMin, Math.round(value)));

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const name = z
  .string({ error: TEMPLATE_MESSAGES.nameRequired })
  .trim()
  .min(1, TEMPLATE_MESSAGES.nameRequired)
  .max(TEMPLATE_LIMITS.nameMax, TEMPLATE_MESSAGES.nameTooLong);

// Counted in characters a reader sees (core/text/length.ts), like the page's counter; a text too
// long even in UTF-16 units is refused first, before anything walks it.
const content = z
  .string({ error: TEMPLATE_MESSAGES.contentRequired })
  .max(unitCapFor(TEMPLATE_LIMITS.contentMax), { message: TEMPLATE_MESSAGES.contentTooLong, abort: true })
  .refine((s) => s.trim() !== '', TEMPLATE_MESSAGES.contentRequired)
  .refine((s) => countCharacters(s) <= TEMPLATE_LIMITS.contentMax, TEMPLATE_MESSAGES.contentTooLong);

const imageUrl = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .max(TEMPLATE_LIMITS.imageUrlMax, TEMPLATE_MESSAGES.imageUrlInvalid)
    .regex(UPLOAD_PATH_SHAPE, TEMPLATE_MESSAGES.imageUrlInvalid)
    .nullable(),
);

const aiTone = z.preprocess(emptyToNull, z.string().trim().max(TEMPLATE_LIMITS.aiToneMax, TEMPLATE_MESSAGES.aiToneTooLong).nullable());

const aiMaxLength = z
  .number({ error: TEMPLATE_MESSAGES.aiMaxLengthNotNumber })
  .refine(Number.isFinite, TEMPLATE_MESSAGES.aiMaxLengthNotNumber)
  .transform(clampAiMaxLength);

/** POST /api/templates and the create form. Omitted optional fields take the stored defaults. */
export const templateInputSchema = z.object({
  name,
  content,
  imageUrl: imageUrl.optional(),
  isActive: z.boolean().optional(),
  useAI: z.boolean().optional(),
  aiTone: aiTone.optional(),
  aiMaxLength: aiMaxLength.optional(),
  viralStyle: classicStyleSchema.optional(),
});
export type TemplateInput = z.output<typeof templateInputSchema>;

/** PUT /api/templates/{id}: any subset of the fields; omitted ones keep their value. */
export const templatePatchSchema = templateInputSchema.partial();
export type TemplatePatch = z.output<typeof templatePatchSchema>;

const groupName = z
  .string({ error: TEMPLATE_MESSAGES.groupNameRequired })
  .trim()
  .min(1, TEMPLATE_MESSAGES.groupNameRequired)
  .max(TEMPLATE_LIMITS.groupNameMax, TEMPLATE_MESSAGES.groupNameTooLong);

const groupDescription = z.preprocess(
  emptyToNull,
  z.string().trim().max(TEMPLATE_LIMITS.groupDescriptionMax, TEMPLATE_MESSAGES.groupDescriptionTooLong).nullable(),
);

export const templateGroupInputSchema = z.object({
  name: groupName,
  description: groupDescription.optional(),
  isActive: z.boolean().optional(),
});
export type TemplateGroupInput = z.output<typeof templateGroupInputSchema>;

export const templateGroupPatchSchema = templateGroupInputSchema.partial();
export type TemplateGroupPatch = z.output<typeof templateGroupPatchSchema>;

/** A new order of a group's templates (ids, no repeats). */
export const templateOrderSchema = z.object({
  templateIds: z
    .array(z.string().min(1))
    .max(TEMPLATE_LIMITS.templatesPerGroupMax, TEMPLATE_MESSAGES.groupFull)
    .refine((ids) => new Set(ids).size === ids.length, 'A template can appear only once in a group'),
});

