/**
 * Schedules that would post the same text from one account, told when they are made (creation,
 * Bulk, CSV import), since X refuses repeats and Riposte then skips one of them (ADR 0045):
 *  - identical: same account, target, content and time (a form sent twice, a file imported twice):
 *    one of the two is skipped at every run;
 *  - same text: same account and the same fixed text (or template) without variations, elsewhere
 *    or at another time: only one of them posts it in 8 days.
 * AI texts and texts with variations are written anew per run and are not warned about.
 * Warnings, not refusals: a user may mean it (a second schedule as a stand-by).
 */
import { sameTextForm } from '@core/text/same-text';
import { variationCount } from '@core/text/spintax';
import type { ScheduleView } from './views';

export type ScheduleFacts = Pick<
  ScheduleView,
  | 'id'
  | 'status'
  | 'connectedAccountId'
  | 'accountName'
  | 'accountId'
  | 'targetUsername'
  | 'templateId'
  | 'templateGroupId'
  | 'content'
  | 'useAI'
  | 'viralStyle'
  | 'scheduleType'
  | 'scheduledTime'
  | 'delayMinutes'
  | 'isRecurring'
  | 'recurringType'
  | 'recurringDays'
  | 'recurringTime'
  | 'peakWindowType'
  | 'timeZone'
>;

export type ScheduleWarningKind = 'identical' | 'same_text';

export interface ScheduleWarning {
  kind: ScheduleWarningKind;
  /** The schedule just made. */
  scheduleId: string;
  /** The schedule it repeats (made before it, or earlier in the same batch). */
  otherScheduleId: string;
  message: string;
}

export const SCHEDULE_WARNINGS = {
  identical: (account: string | null, target: string | null) =>
    `Identical to another of your schedules (from @${account ?? 'the same account'} to @${target ?? 'the same account'}, same text and time): X refuses repeats, so one of the two will be skipped at every run.`,
  sameText: (account: string | null) =>
    `Posts the same text from @${account ?? 'the same account'} as another of your schedules: X refuses repeats, so only one of them posts it in 8 days. Add variations like {Great|Sharp} point to keep both.`,
} as const;

const contentKey = (s: ScheduleFacts): string => {
  if (s.templateGroupId !== null) return JSON.stringify(['group', s.templateGroupId]);
  if (s.templateId !== null) return JSON.stringify(['template', s.templateId]);
  if (s.useAI) return JSON.stringify(['ai', s.viralStyle, sameTextForm(s.content ?? '')]);
  return JSON.stringify(['text', sameTextForm(s.content ?? '')]);
};

const timeKey = (s: ScheduleFacts): string => {
  if (s.scheduleType === 'auto') return JSON.stringify(['auto', s.delayMinutes]);
  const days = [...(s.recurringDays ?? [])].sort((a, b) => a - b);
  // A peak window picks its minute per run: two schedules of one window run in the same window.
  if (s.isRecurring && s.peakWindowType !== null) return JSON.stringify(['peak', s.peakWindowType, s.recurringType, days, s.timeZone]);
  if (s.isRecurring) return JSON.stringify(['every', s.recurringType, days, s.recurringTime, s.timeZone]);
  return JSON.stringify(['once', s.scheduledTime === null ? null : Date.parse(s.scheduledTime)]);
};

/** A text that comes out the same at every run: fixed (not AI), no group, one variation. */
const fixedSameText = (s: ScheduleFacts, templateText: (id: string) => string | null): string | null => {
  if (s.useAI || s.templateGroupId !== null) return null;
  const text = s.templateId !== null ? templateText(s.templateId) : s.content;
  if (text === null || text.trim() === '' || variationCount(text) > 1) return null;
  return sameTextForm(text);
};

/**
 * The warnings for `made` (in order), against `existing` schedules and the ones made before it.
 * Only schedules that still run (pending) count. `templateText`: a template's content, for
 * template schedules (null: unknown, or an AI template).
 */
export const scheduleWarnings = (made: readonly ScheduleFacts[], existing: readonly ScheduleFacts[], templateText: (id: string) => string | null = () => null): ScheduleWarning[] => {
  const madeIds = new Set(made.map((m) => m.id));
  // Each schedule's keys are worked out once (the text normalisation is the costly part), and the
  // first schedule of each key is kept per posting account: one pass, however many came before.
  const texts = new Map<string, string | null>();
  const textOf = (id: string) => {
    if (!texts.has(id)) texts.set(id, templateText(id));
    return texts.get(id) ?? null;
  };
  const keysOf = (s: ScheduleFacts) => {
    const text = fixedSameText(s, textOf);
    return {
      identical: JSON.stringify([s.connectedAccountId, s.accountId, contentKey(s), timeKey(s)]),
      sameText: text === null ? null : JSON.stringify([s.connectedAccountId, text]),
    };
  };
  const firstIdentical = new Map<string, string>();
  const firstSameText = new Map<string, string>();
  const remember = (id: string, keys: ReturnType<typeof keysOf>) => {
    if (!firstIdentical.has(keys.identical)) firstIdentical.set(keys.identical, id);
    if (keys.sameText !== null && !firstSameText.has(keys.sameText)) firstSameText.set(keys.sameText, id);
  };
  for (const e of existing) if (e.status === 'pending' && !madeIds.has(e.id)) remember(e.id, keysOf(e));
  const out: ScheduleWarning[] = [];
  for (const s of made) {
    const keys = keysOf(s);
    const identical = firstIdentical.get(keys.identical);
    const twin = keys.sameText === null ? undefined : firstSameText.get(keys.sameText);
    if (identical !== undefined) {
      out.push({ kind: 'identical', scheduleId: s.id, otherScheduleId: identical, message: SCHEDULE_WARNINGS.identical(s.accountName, s.targetUsername) });
    } else if (twin !== undefined) {
      out.push({ kind: 'same_text', scheduleId: s.id, otherScheduleId: twin, message: SCHEDULE_WARNINGS.sameText(s.accountName) });
    }
    remember(s.id, keys);
  }
  return out;
};
