// What the plans contain, as the marketing pages show it (spec part 1 §1 plans table, §9).
// Display text only: the rules that enforce these limits live in core. The curated list is the same
// for the trial and Premium (ADR 0034): the server limits neither, so no page promises a limit.
// What each plan's AI writer sees is the core's rule (core/ai/context.ts), said in its words.
import { AI_PLAN_NAMES, aiPlanLine } from '@core/ai/context';

export const PREMIUM_PRICE = '$20.00';
export const TRIAL_DAYS = 7;
export const TRIAL_REPLIES = 25;
export const CURATED_ACCOUNTS = 30;
export const VIRAL_STYLES = 10;

export type PlanLine = { text: string; included: boolean };

export const TRIAL_CONTENTS: readonly PlanLine[] = [
  { text: `${TRIAL_REPLIES} scheduled replies`, included: true },
  { text: '1 connected X account', included: true },
  { text: aiPlanLine('trial'), included: true },
  { text: `All ${CURATED_ACCOUNTS} curated high-impression accounts`, included: true },
  { text: 'Bulk scheduling', included: false },
];

export const PREMIUM_CONTENTS: readonly string[] = [
  'Unlimited scheduled replies',
  'Unlimited connected X accounts',
  `All ${CURATED_ACCOUNTS} curated high-impression accounts`,
  aiPlanLine('premium'),
  'Bulk AI reply scheduling',
  'Access to the beta community',
];

/** Rows of the Free vs Premium table; `true`/`false` render as a tick or a cross. */
export const COMPARISON: readonly { feature: string; free: string | boolean; premium: string | boolean }[] = [
  { feature: 'Price', free: 'Free', premium: `${PREMIUM_PRICE} / month` },
  { feature: 'Duration', free: `${TRIAL_DAYS} days`, premium: 'Renews monthly' },
  { feature: 'Scheduled replies', free: String(TRIAL_REPLIES), premium: 'Unlimited' },
  { feature: 'Connected X accounts', free: '1', premium: 'Unlimited' },
  { feature: 'Curated accounts', free: `All ${CURATED_ACCOUNTS}`, premium: `All ${CURATED_ACCOUNTS}` },
  { feature: 'AI replies', free: AI_PLAN_NAMES.trial, premium: AI_PLAN_NAMES.premium },
  { feature: 'Bulk scheduling', free: false, premium: true },
  { feature: 'Automatic @mention removal', free: true, premium: true },
  { feature: 'Beta community', free: false, premium: true },
];

/**
 * How replies reach X on this installation, said in the words of the dispatcher's rule (GET
 * /api/config `delivery.sentence`, core/replies/rules/delivery.ts deliveryPromise). The lines
 * above make no claim about delivery: they hold for every installation, this one differs.
 */
export const letItRunText = (sentence: string | undefined): string =>
  `${sentence ?? 'Replies are written and prepared at their time.'} Watch them in your reply history.`;
