/**
 * Styles: the lists, their zod enums (shared by forms, API and CLI) and look-ups.
 */
import { z } from 'zod';
import {
  CLASSIC_STYLES,
  DIRECT_REPLY_STYLES,
  REPURPOSE_STYLES,
  UNIQUE_VARIATION,
  V2_STYLES,
  type RepurposeStyle,
  type StyleDefinition,
  type WritingStyle,
} from './catalogue';
import { STYLE_DEFINITIONS } from './definitions';

export * from './catalogue';
export { STYLE_DEFINITIONS } from './definitions';

const invalid = (list: readonly string[]) => ({ error: `Choose one of: ${list.join(', ')}` });

export const classicStyleSchema = z.enum(CLASSIC_STYLES, invalid(CLASSIC_STYLES));
export const v2StyleSchema = z.enum(V2_STYLES, invalid(V2_STYLES));
export const directReplyStyleSchema = z.enum(DIRECT_REPLY_STYLES, invalid(DIRECT_REPLY_STYLES));
export const repurposeStyleSchema = z.enum(REPURPOSE_STYLES, invalid(REPURPOSE_STYLES));

/** Every style id the AI writer accepts, in catalogue order, without repeats. */
export const WRITING_STYLES = [
  ...new Set<WritingStyle>([...CLASSIC_STYLES, ...V2_STYLES, ...DIRECT_REPLY_STYLES, ...REPURPOSE_STYLES, UNIQUE_VARIATION]),
] as readonly WritingStyle[];
export const writingStyleSchema = z.enum(WRITING_STYLES as [WritingStyle, ...WritingStyle[]], invalid(WRITING_STYLES));

export const styleDefinition = (id: WritingStyle): StyleDefinition => STYLE_DEFINITIONS[id];

/** The definitions of one list, in its order (what a picker or the explanatory page shows). */
export const definitionsOf = (list: readonly WritingStyle[]): StyleDefinition[] => list.map(styleDefinition);

export const isWritingStyle = (value: unknown): value is WritingStyle => writingStyleSchema.safeParse(value).success;

/**
 * The V2 repurpose prompt: the user types a style name; anything not in the list does nothing
 * (spec part 2 §5), so this answers null rather than failing.
 */
export const parseRepurposeAnswer = (answer: string | null | undefined): RepurposeStyle | null => {
  const parsed = repurposeStyleSchema.safeParse((answer ?? '').trim().toLowerCase());
  return parsed.success ? parsed.data : null;
};
