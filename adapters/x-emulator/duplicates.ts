/**
 * X's duplicate rule as the emulator applies it: a post that repeats one of its author's recent
 * posts is refused (API: 403 "duplicate content"; X's composer: "Whoops! You already said that.").
 * X compares loosely and does not say how; the emulator ignores case, spacing and links, and
 * remembers `windowMs` (a week by default, Riposte's assumption of X: core X_DUPLICATE_WINDOW_MS).
 * Riposte compares more loosely still (core/text/same-text), so a test that counts the emulator's
 * refusals sees any repeat Riposte let through. Switchable, so tests can also see X accept repeats.
 */
import type { EmuPost } from './world';

export const DEFAULT_DUPLICATE_WINDOW_MS = 7 * 24 * 3_600_000;

export interface DuplicateRule {
  on: boolean;
  windowMs: number;
}

export interface DuplicateRuleState extends DuplicateRule {
  /** Posts refused as duplicates since the emulator started (API and composer). */
  refused: number;
}

const form = (text: string): string =>
  text
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const createDuplicateRule = (initial: Partial<DuplicateRule> = {}) => {
  const state: DuplicateRuleState = { on: initial.on ?? true, windowMs: initial.windowMs ?? DEFAULT_DUPLICATE_WINDOW_MS, refused: 0 };
  return {
    /** True (and counted) when X would refuse `text` from an author with these posts at `nowMs`. */
    refuses(posts: readonly EmuPost[], text: string, nowMs: number): boolean {
      if (!state.on || text.trim() === '') return false;
      const f = form(text);
      const repeat = posts.some((p) => !p.deleted && nowMs - p.createdAt < state.windowMs && form(p.text) === f);
      if (repeat) state.refused += 1;
      return repeat;
    },
    get: (): DuplicateRuleState => ({ ...state }),
    set(next: Partial<DuplicateRule>): void {
      if (next.on !== undefined) state.on = next.on;
      if (next.windowMs !== undefined) state.windowMs = Math.max(0, next.windowMs);
    },
  };
};

export type DuplicateRuleSetting = ReturnType<typeof createDuplicateRule>;
