/**
 * X's rule against posting identical content from several accounts: the same text never goes out
 * from two connected accounts within 24 hours. One stream per text (`text-usage-<textKey>`), where
 * the key is a hash the app computes of `textKeySource(text)` (core cannot hash). Appending at the
 * revision read makes two racing accounts resolve to one: the loser re-decides and is refused.
 */
import { assertNever, type Decider } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { toInstant, toMs, type Instant } from '@core/scheduling/time';
import { REPLY_MESSAGES } from './messages';
import { SAME_TEXT_WINDOW_MS } from './rules/timing';

export const textUsageStream = (textKey: string): string => `text-usage-${textKey}`;

/** The form of a text that is hashed: case, spacing and line breaks do not make a text different. */
export const textKeySource = (text: string): string => text.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();

export type TextUsageCommand =
  | { type: 'UseText'; textKey: string; connectedAccountId: string; replyId: string; now: Instant }
  /** The reply that used the text did not go out: the text is free again. */
  | { type: 'ReleaseText'; replyId: string; now: Instant };

export type TextUsageEvent =
  | { type: 'TextUsed'; data: { textKey: string; connectedAccountId: string; replyId: string; at: Instant } }
  | { type: 'TextReleased'; data: { replyId: string; at: Instant } };

export interface TextUse {
  connectedAccountId: string;
  replyId: string;
  at: Instant;
}

/** The uses that hold (released ones are dropped). */
export type TextUsageState = { uses: TextUse[] };

export const TEXT_USED_ELSEWHERE = 'TEXT_USED_ELSEWHERE';

export const textUsageDecider: Decider<TextUsageCommand, TextUsageEvent, TextUsageState> = {
  initialState: () => ({ uses: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TextUsed': {
        const { connectedAccountId, replyId, at } = event.data;
        // Every use is kept: processes' clocks differ, so the latest use is not always appended last,
        // and one text is used a handful of times (a fixed text once per run of its schedule).
        return { uses: [...state.uses, { connectedAccountId, replyId, at }] };
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
        // Within 24 h either side: another process may have recorded a use a little ahead of this clock.
        const other = state.uses.find((u) => u.connectedAccountId !== command.connectedAccountId && Math.abs(toMs(u.at) - nowMs) < SAME_TEXT_WINDOW_MS);
        if (other !== undefined) throw new AppError('conflict', REPLY_MESSAGES.duplicateText, { reason: TEXT_USED_ELSEWHERE });
        const data = { textKey: command.textKey, connectedAccountId: command.connectedAccountId, replyId: command.replyId, at: toInstant(nowMs) };
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
