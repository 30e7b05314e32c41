/**
 * Which post a schedule's run answers, in the words the forms and lists use:
 *  - next: a post the target makes after the schedule was made. At its time the run answers the
 *    freshest such post; with none yet it waits for one, up to `waitMinutes` past its time, then
 *    ends skipped saying none came.
 *  - freshest: the freshest post made within `freshnessMinutes` before the run's time (an exact
 *    time, a recurring one): "be early" means the post's first hour by default, not its day.
 * Auto schedules answer the post the watcher saw, so they carry neither.
 */
import { z } from 'zod';
import type { Instant } from '@core/scheduling/time';
import type { Plan, PostChoice } from './model';

export const POST_RULE_KINDS = ['next', 'freshest'] as const;
export type PostRuleKind = (typeof POST_RULE_KINDS)[number];

export type { PostChoice };

/** What the schedule stores: the choice, and for `next` the instant the post must come after. */
export type PostRule = { kind: 'next'; after: Instant; waitMinutes: number } | { kind: 'freshest'; freshnessMinutes: number };

/** The first hour of a post is when a reply is read most (the tips' words). */
export const DEFAULT_FRESHNESS_MINUTES = 60;
/** How long a "next post" run waits past its time by default: most accounts post within six hours. */
export const DEFAULT_WAIT_MINUTES = 6 * 60;
export const MAX_FRESHNESS_MINUTES = 24 * 60;
export const MAX_WAIT_MINUTES = 7 * 24 * 60;

export const POST_RULE_MESSAGES = {
  kindInvalid: "Which post must be 'next' (their next post) or 'freshest' (the freshest post at that time)",
  waitRange: `Wait must be between 1 and ${MAX_WAIT_MINUTES} minutes (7 days)`,
  nextIsOneTime: 'Their next post is for one-time replies; a recurring reply answers the freshest post at each time',
  freshnessRange: `Freshness must be between 1 and ${MAX_FRESHNESS_MINUTES} minutes (24 hours)`,
} as const;

/**
 * The default of a plan: a one-time reply at a peak window or now answers the next post (the
 * classic and V2 forms' words); an exact time and every recurring run answer the freshest post.
 */
export const defaultPostChoice = (plan: Plan): PostChoice | null => {
  switch (plan.kind) {
    case 'auto':
      return null;
    case 'immediate':
      return defaultChoiceFor('now', false);
    case 'peak':
      return defaultChoiceFor('peak', plan.recurrence !== null);
    case 'once':
      return defaultChoiceFor('exact', false);
    case 'recurring':
      return defaultChoiceFor('exact', true);
  }
};

/** The same default as a form sees it: when it replies (now, at a peak window, at an exact time) and whether it repeats. */
export const defaultChoiceFor = (timing: 'now' | 'peak' | 'exact', recurring: boolean): PostChoice =>
  timing !== 'exact' && !recurring ? { kind: 'next', waitMinutes: DEFAULT_WAIT_MINUTES } : { kind: 'freshest', freshnessMinutes: DEFAULT_FRESHNESS_MINUTES };

/**
 * The fields of every schedule call that choose the post: `targetPost` ('next' or 'freshest'),
 * `waitMinutes` (next) and `freshnessMinutes` (freshest); all optional (the plan's default).
 */
export interface PostChoiceInput {
  targetPost?: PostRuleKind | undefined;
  waitMinutes?: number | undefined;
  freshnessMinutes?: number | undefined;
}

/** The choice the fields make for a plan (the plan's default for what they leave out); null for auto. */
export const postChoiceOf = (plan: Plan, input: PostChoiceInput): PostChoice | null => {
  const fallback = defaultPostChoice(plan);
  if (fallback === null) return null;
  const kind = input.targetPost ?? (input.waitMinutes !== undefined ? 'next' : input.freshnessMinutes !== undefined ? 'freshest' : fallback.kind);
  return kind === 'next'
    ? { kind, waitMinutes: input.waitMinutes ?? DEFAULT_WAIT_MINUTES }
    : { kind, freshnessMinutes: input.freshnessMinutes ?? DEFAULT_FRESHNESS_MINUTES };
};

/** The stored rule of a choice made at `now`. */
export const postRuleOf = (choice: PostChoice, now: Instant): PostRule =>
  choice.kind === 'next' ? { kind: 'next', after: now, waitMinutes: choice.waitMinutes } : { kind: 'freshest', freshnessMinutes: choice.freshnessMinutes };

const minutesWords = (minutes: number): string => {
  if (minutes < 60) return `${minutes} min`;
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? '1 day' : `${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

/** What a schedule's card, list and CLI line say about the post it answers. */
export const postRuleWords = (rule: PostRule | PostChoice | null, targetUsername: string | null): string => {
  const who = targetUsername === null ? 'the account' : `@${targetUsername}`;
  if (rule === null) return `Each new post of ${who}`;
  return rule.kind === 'next'
    ? `The next post of ${who} (waits up to ${minutesWords(rule.waitMinutes)})`
    : `The freshest post of ${who} from the last ${minutesWords(rule.freshnessMinutes)}`;
};

export { minutesWords as postRuleMinutesWords };

/** How a schedule view describes its rule (GET /api/schedules). */
export interface TargetPostView {
  kind: PostRuleKind | 'watched';
  waitMinutes: number | null;
  freshnessMinutes: number | null;
  /** postRuleWords: the words the screens show. */
  words: string;
}

export const targetPostViewSchema = z.object({
  kind: z.enum([...POST_RULE_KINDS, 'watched']),
  waitMinutes: z.number().int().nullable(),
  freshnessMinutes: z.number().int().nullable(),
  words: z.string(),
});

/**
 * The view of a schedule's rule. `rule` undefined: a schedule made before schedules chose their post
 * answers the freshest post of the installation's window (`legacyFreshnessMinutes`), as it always did.
 */
export const targetPostView = (plan: Plan, rule: PostRule | null | undefined, targetUsername: string | null, legacyFreshnessMinutes: number): TargetPostView => {
  if (plan.kind === 'auto' || rule === null) return { kind: 'watched', waitMinutes: null, freshnessMinutes: null, words: postRuleWords(null, targetUsername) };
  const r: PostRule = rule ?? { kind: 'freshest', freshnessMinutes: legacyFreshnessMinutes };
  return {
    kind: r.kind,
    waitMinutes: r.kind === 'next' ? r.waitMinutes : null,
    freshnessMinutes: r.kind === 'freshest' ? r.freshnessMinutes : null,
    words: postRuleWords(r, targetUsername),
  };
};
