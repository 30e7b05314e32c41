/**
 * The text of a reply: where it comes from (fixed text, a template, a template group's next
 * template, an AI variation) and its final form (mentions stripped, length limited).
 *
 * Length: the text is cut, not refused (docs/adr/0019). A run happens unattended at its due time;
 * refusing would fail it for a limit the user could not see when scheduling (a 25,000-character
 * template on an account that is not Premium). The cut follows limitLength (a sentence end, else a
 * word boundary plus '…', never inside a character) and the reply records `truncated`.
 */
import { isAppError } from '@core/shared/errors';
import type { ContentSource } from '@core/scheduling/model';
import type { WritingStyle } from '@core/styles';
import { nextTemplate, type RotationCandidate } from '@core/templates/rotation';
import { stripMentions } from '@core/text/mentions';
import { limitWeightedLength, X_PREMIUM_MAX, X_STANDARD_MAX } from '@core/text/weighted';
import { REPLY_MESSAGES } from '../messages';

export type FinalText =
  | { ok: true; text: string; truncated: boolean; mentionsRemoved: string[] }
  | { ok: false; status: 'invalid_content'; reason: string };

/** X's limit for the posting account: 280 weighted characters, 25,000 with X Premium. */
export const xLengthLimit = (xPremium: boolean): number => (xPremium ? X_PREMIUM_MAX : X_STANDARD_MAX);

/**
 * How long the AI may write: the template's cap when it has one, else X's standard 280, and never
 * more than the posting account may post (a 4,000 cap on a free X account still means 280).
 */
export const aiLengthFor = (plan: { aiMaxLength?: number | null }, xPremium: boolean): number =>
  Math.min(plan.aiMaxLength ?? X_STANDARD_MAX, xLengthLimit(xPremium));

export const finalText = (raw: string, options: { xPremium: boolean }): FinalText => {
  let stripped: { text: string; removed: string[] };
  try {
    stripped = stripMentions(raw);
  } catch (error) {
    if (isAppError(error)) return { ok: false, status: 'invalid_content', reason: error.message };
    throw error;
  }
  if (stripped.text === '') return { ok: false, status: 'invalid_content', reason: REPLY_MESSAGES.emptyText };
  const limited = limitWeightedLength(stripped.text, xLengthLimit(options.xPremium));
  return { ok: true, text: limited.text, truncated: limited.truncated, mentionsRemoved: stripped.removed };
};

/** What the text-source rule needs of a template. */
export interface TemplateForReply extends RotationCandidate {
  content: string;
  useAI: boolean;
  viralStyle: WritingStyle;
  imageUrl: string | null;
  /** The template's cap for AI-written replies (50-4000); absent: X's standard 280. */
  aiMaxLength?: number;
}

export interface ScheduleTextFacts {
  content: ContentSource;
  /** The schedule's rotation cursor (spec: lastTemplateIndex, default 0). */
  lastTemplateIndex: number;
}

export interface TextLookups {
  templatesById: ReadonlyMap<string, TemplateForReply>;
  /** A group's templates in order. */
  groupTemplateIds: (groupId: string) => readonly string[] | null;
}

/**
 * Where the text of this run comes from. `fixed` is posted as is (after finalText); `ai` is
 * written by the AI from `baseText` (null: from the target post alone) in `style`.
 */
export type TextPlan =
  | {
      kind: 'fixed' | 'ai';
      text: string | null;
      style: WritingStyle | null;
      templateId: string | null;
      /** The group cursor to record with the run (null when no group was involved). */
      nextTemplateIndex: number | null;
      /** The template's image, used when the schedule has none. */
      templateImageUrl: string | null;
      /** The template's cap for AI text; null: none given (X's standard 280). */
      aiMaxLength?: number | null;
    }
  | { kind: 'none'; reason: string };

const fromTemplate = (templateId: string, t: TemplateForReply, nextTemplateIndex: number | null): TextPlan => ({
  kind: t.useAI ? 'ai' : 'fixed',
  text: t.content,
  style: t.useAI ? t.viralStyle : null,
  templateId,
  nextTemplateIndex,
  templateImageUrl: t.imageUrl,
  aiMaxLength: t.aiMaxLength ?? null,
});

export const textSource = (schedule: ScheduleTextFacts, lookups: TextLookups): TextPlan => {
  const { content } = schedule;
  switch (content.kind) {
    case 'text':
      return { kind: 'fixed', text: content.text, style: null, templateId: null, nextTemplateIndex: null, templateImageUrl: null };
    case 'ai':
      return { kind: 'ai', text: content.baseText, style: content.style, templateId: null, nextTemplateIndex: null, templateImageUrl: null };
    case 'template': {
      const t = lookups.templatesById.get(content.templateId);
      if (t === undefined || !t.isActive || t.deleted === true) return { kind: 'none', reason: REPLY_MESSAGES.templateUnavailable };
      return fromTemplate(content.templateId, t, null);
    }
    case 'template_group': {
      const ids = lookups.groupTemplateIds(content.templateGroupId) ?? [];
      const pick = nextTemplate({ templateIds: ids, lastTemplateIndex: schedule.lastTemplateIndex }, lookups.templatesById);
      const t = pick === null ? undefined : lookups.templatesById.get(pick.templateId);
      if (pick === null || t === undefined) return { kind: 'none', reason: REPLY_MESSAGES.noTemplateInGroup };
      return fromTemplate(pick.templateId, t, pick.nextIndex);
    }
    default: {
      const _never: never = content;
      return { kind: 'none', reason: REPLY_MESSAGES.templateUnavailable };
    }
  }
};

/** AI writings one run tries (each with a new seed) when the texts before were posted recently. */
export const MAX_TEXT_VARIATIONS = 3;
