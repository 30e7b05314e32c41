/**
 * The texts a run may post, in the order it tries them, so that a text X would refuse as a repeat
 * gives way to the next one instead of failing at X (text-usage.ts decides what is a repeat):
 *  - a fixed text or a fixed template: its variations (core/text/spintax), starting at the run's
 *    number, so successive runs walk through them and each distinct text comes once per lap;
 *  - an AI text: fresh writings (a new seed each), MAX_TEXT_VARIATIONS in all, of the base text's
 *    variation for this run;
 *  - a template group: its eligible templates in rotation order from the schedule's cursor, each
 *    with its own choices as above; the cursor recorded is the one after the template posted.
 * Pure and lazy: a text with millions of variations is never listed; at most MAX_TEXT_CHOICES
 * choices are offered to one run.
 */
import { isEligible, normaliseCursor } from '@core/templates/rotation';
import { sameTextForm } from '@core/text/same-text';
import { summariseVariations, variation, variationCount } from '@core/text/spintax';
import { REPLY_MESSAGES } from '../messages';
import { MAX_TEXT_VARIATIONS, textSource, type ScheduleTextFacts, type TextLookups, type TextPlan } from './text';

/** Texts one run compares at most before it is skipped (each costs a read of the text's uses). */
export const MAX_TEXT_CHOICES = 64;

export type TextChoice = Extract<TextPlan, { kind: 'fixed' | 'ai' }> & {
  /** For an AI choice: which writing this is (the writer's seed is one more); 0 for a fixed text. */
  attempt: number;
};

export interface RunTextFacts extends ScheduleTextFacts {
  /** How many runs the schedule has made: where this run starts in the variations. */
  runCount: number;
}

/** The choices one plan gives: its distinct variations from `start`, or its AI writings. */
function* choicesOfPlan(plan: Extract<TextPlan, { kind: 'fixed' | 'ai' }>, start: number): Generator<TextChoice> {
  const text = plan.text ?? '';
  if (plan.kind === 'ai') {
    const base = plan.text === null ? null : variation(text, start);
    // Seeds differ from run to run too, so a writer that answers the same input alike still varies.
    for (let k = 0; k < MAX_TEXT_VARIATIONS; k += 1) yield { ...plan, text: base, attempt: start * MAX_TEXT_VARIATIONS + k };
    return;
  }
  const n = variationCount(text);
  const seen = new Set<string>();
  for (let step = 0; step < n && step < MAX_TEXT_CHOICES; step += 1) {
    const v = variation(text, start + step);
    const form = sameTextForm(v);
    if (seen.has(form)) continue;
    seen.add(form);
    yield { ...plan, text: v, attempt: 0 };
  }
}

/**
 * Every text the run may try, best first; the first is the one the schedule would post if nothing
 * had been posted before (the rotation's next template, the run's variation). Empty: the plan has
 * no text (textSource's reason).
 */
export function* textChoices(facts: RunTextFacts, lookups: TextLookups): Generator<TextChoice> {
  const first = textSource(facts, lookups);
  if (first.kind === 'none') return;
  let offered = 0;
  const take = function* (plan: Extract<TextPlan, { kind: 'fixed' | 'ai' }>, start: number): Generator<TextChoice> {
    for (const c of choicesOfPlan(plan, start)) {
      if (offered >= MAX_TEXT_CHOICES) return;
      offered += 1;
      yield c;
    }
  };
  const run = Math.max(0, Math.trunc(facts.runCount));
  if (facts.content.kind !== 'template_group') {
    yield* take(first, run);
    return;
  }
  const ids = lookups.groupTemplateIds(facts.content.templateGroupId) ?? [];
  const n = ids.length;
  const eligible = ids.filter((id) => isEligible(lookups.templatesById.get(id))).length;
  // Each lap of the group moves every template on to its next variation.
  const lap = eligible === 0 ? 0 : Math.floor(run / eligible);
  const startAt = normaliseCursor(facts.lastTemplateIndex, n);
  for (let step = 0; step < n; step += 1) {
    const index = (startAt + step) % n;
    const plan = textSource({ content: facts.content, lastTemplateIndex: index }, lookups);
    // textSource skips ineligible templates forward; only the template at this index is taken here.
    if (plan.kind === 'none' || plan.templateId !== ids[index]) continue;
    yield* take(plan, lap);
  }
}

/**
 * How many runs a fixed text makes before one must wait for X's window: its distinct variations
 * (an AI text: none to count, every run is written afresh).
 */
export const runsBeforeRepeat = (text: string): { runs: number; exact: boolean } => {
  const s = summariseVariations(text, 0);
  return { runs: s.distinct, exact: s.exact };
};

/** The reason a run is skipped when none of its `tried` choices could be posted; `last`: the last refusal. */
export const noTextLeftReason = (tried: number, last: string): string => REPLY_MESSAGES.noTextLeft(tried, last);
