/**
 * When two texts are "the same" for X's duplicate rule. X refuses a post that repeats one of the
 * account's recent posts ("You already said that", API 403 "duplicate content") and its rules
 * forbid identical content from several accounts; it does not publish how loosely it compares, so
 * Riposte compares more loosely than X could: two texts are the same when they are equal once
 * case, spacing, punctuation and symbols, emoji and links are set aside. A reply that differs from
 * another only by an emoji, a full stop or a link is therefore never sent as "new".
 *
 * A text made only of what is set aside (an emoji alone, a link alone) keeps those characters, so
 * "🔥" and "👍" stay different texts.
 */

const LINK = /\b(?:https?:\/\/|www\.)\S+/giu;
// Emoji and what builds them: pictographs, skin tones, flags' letters, joiners and selectors, keycaps.
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0e|\ufe0f|\u20e3/gu;
// Inside a word (don't, well-known) these join; elsewhere punctuation separates words.
const JOINERS = /['’‘`\p{Pd}]/gu;
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/gu;
const SPACES = /[\s\p{Z}]+/gu;

const squash = (text: string): string => text.replace(SPACES, ' ').trim();

/** The form two texts are compared in: equal forms are the same text for X. Idempotent. */
export const sameTextForm = (text: string): string => {
  const lower = text.normalize('NFKC').toLowerCase().normalize('NFKC');
  const words = squash(lower.replace(LINK, ' ').replace(EMOJI, ' ').replace(JOINERS, '').replace(PUNCTUATION_OR_SYMBOL, ' '));
  if (words !== '') return words;
  // Nothing but links, emoji or punctuation: those are the text.
  return squash(lower);
};

/** True when X would take `a` and `b` for the same post. */
export const isSameText = (a: string, b: string): boolean => sameTextForm(a) === sameTextForm(b);
