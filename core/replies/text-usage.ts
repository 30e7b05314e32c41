/**
 * X's duplicate rules, held before X is asked (docs/adr/0045-never-the-same-text-twice.md):
 *  - an account never repeats a text of its own within OWN_TEXT_WINDOW_MS (X refuses an
 *    account's recent posts again: "You already said that");
 *  - a user's other accounts never post a text one of them posted under the same target account
 *    within OWN_TEXT_WINDOW_MS (identical content from several accounts, seen side by side);
 *  - no two connected accounts, whoever's, post the same text within SAME_TEXT_WINDOW_MS.
 * "The same" is core/text/same-text: case, spacing, punctuation, emoji and links set aside.
 * One stream per text (`text-usage-<textKey>`), where the key is a hash the app computes of
 * `textKeySource(text)` (core cannot hash). Appending at the revision read makes two racing uses
 * resolve to one: the loser re-decides and is refused.
 */
import { assertNever, type Decider } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { sameTextForm } from '@core/text/same-text';
import { REPLY_MESSAGES } from './messages';
import { OWN_TEXT_WINDOW_MS, SAME_TEXT_WINDOW_MS } from './rules/timing';

export const textUsageStream = (textKey: string): string => `text-usage-${textKey}`;

/** The form of a text that is hashed: texts X takes for the same post share it. */
export const textKeySource = (text: string): string => sameTextForm(text);

/** Who would post the text: the account, its user and the account answered. */
export interface TextUser {
  connectedAccountId: string;
  userId: string;
  targetAccountId: string;
}

export type TextUsageCommand =
  | ({ type: 'UseText'; textKey: string; replyId: string; now: Instant } & TextUser)
  /** The reply that used the text did not go out: the text is free again. */
  | { type: 'ReleaseText'; replyId: string; now: Instant };

export type TextUsageEvent =
  /** userId and targetAccountId: absent on uses recorded before the own-account rule. */
  | { type: 'TextUsed'; data: { textKey: string; connectedAccountId: string; userId?: string; targetAccountId?: string; replyId: string; at: Instant } }
  | { type: 'TextReleased'; data: { replyId: string; at: Instant } };

export interface TextUse {
  connectedAccountId: string;
  userId?: string;
  targetAccountId?: string;
  replyId: string;
  at: Instant;
}

/** The uses that hold (released ones are dropped). */
export type TextUsageState = { uses: TextUse[] };

export const TEXT_USED_ELSEWHERE = 'TEXT_USED_ELSEWHERE';

/**
 * Why `user` may not post a text with these uses at `nowMs`, or null when it may. Windows count
 * either side of now: another process may have recorded a use a little ahead of this clock.
 * Uses by the same reply are not counted (a run taken over holds its text already).
 */
export const textConflict = (uses: readonly TextUse[], user: TextUser & { replyId: string }, nowMs: number): string | null => {
  let elsewhere = false;
  for (const u of uses) {
    if (u.replyId === user.replyId) continue;
    const apart = Math.abs(toMs(u.at) - nowMs);
    if (u.connectedAccountId === user.connectedAccountId) {
      if (apart < OWN_TEXT_WINDOW_MS) return REPLY_MESSAGES.duplicateOwn;
    } else if (u.userId === user.userId && u.targetAccountId === user.targetAccountId) {
      if (apart < OWN_TEXT_WINDOW_MS) return REPLY_MESSAGES.duplicateSibling;
    } else if (apart < SAME_TEXT_WINDOW_MS) elsewhere = true;
  }
  return elsewhere ? REPLY_MESSAGES.duplicateText : null;
};

export const textUsageDecider: Decider<TextUsageCommand, TextUsageEvent, TextUsageState> = {
  initialState: () => ({ uses: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TextUsed': {
        const { connectedAccountId, userId, targetAccountId, replyId, at } = event.data;
        // Every use is kept: processes' clocks differ, so the latest use is not always appended last,
        // and one text is used a handful of times (a fixed text once per window of its account).
        const use: TextUse = { connectedAccountId, replyId, at, ...(userId === undefined ? {} : { userId }), ...(targetAccountId === undefined ? {} : { targetAccountId }) };
        return { uses: [...state.uses, use] };
      }
      case 'TextReleased':
        return { uses: state.uses.filter((u) => u.replyId !== event.data.replyId) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'UseText': {
        const nowMs = toMs(command.now, 'now');
        if (state.uses.some((u) => u.replyId === command.replyId)) return []; // this reply holds it already
        const conflict = textConflict(state.uses, command, nowMs);
        if (conflict !== null) throw new AppError('conflict', conflict, { reason: TEXT_USED_ELSEWHERE });
        const { textKey, connectedAccountId, userId, targetAccountId, replyId } = command;
        const data = { textKey, connectedAccountId, userId, targetAccountId, replyId, at: toInstant(nowMs) };
        return [{ type: 'TextUsed', data }];
      }
      case 'ReleaseText':
        if (!state.uses.some((u) => u.replyId === command.replyId)) return [];
        return [{ type: 'TextReleased', data: { replyId: command.replyId, at: toInstant(toMs(command.now, 'now')) } }];
      default:
        return assertNever(command, 'text usage command');
    }
  },
};
