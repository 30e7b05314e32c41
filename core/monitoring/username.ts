/**
 * X usernames as people type them (spec part 2 §5): trimmed, a leading @ stripped, and a profile
 * URL (x.com or twitter.com, with or without https://, www. or mobile.) reduced to its username.
 * What is left must be 1-15 letters, digits or underscores, X's own rule.
 */

export const USERNAME_MAX = 15;
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

export const USERNAME_MESSAGES = {
  required: 'X username is required',
  format: 'Username must be 1-15 characters and can only contain letters, numbers, and underscores',
  notAProfileUrl: 'Enter an X profile link such as https://x.com/username, or the @username',
} as const;

const X_HOST = /^(?:www\.|mobile\.)?(?:x|twitter)\.com$/i;

/** First path segments of x.com that are pages of X, not people. */
const NOT_PROFILES = new Set([
  'i',
  'home',
  'explore',
  'search',
  'notifications',
  'messages',
  'settings',
  'intent',
  'share',
  'hashtag',
  'compose',
  'login',
  'logout',
  'signup',
  'tos',
  'privacy',
  'about',
]);

const looksLikeUrl = (text: string): boolean =>
  /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^(?:www\.|mobile\.)?(?:x|twitter)\.com(?:[/?#]|$)/i.test(text) || /^www\./i.test(text);

export type UsernameParse = { ok: true; username: string } | { ok: false; message: string };

/** The username a profile URL names, or null when it names none (another site, an X page). */
const usernameFromUrl = (text: string): string | null => {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  // Parsed by hand (no URL global in core): scheme://host[:port]/first-segment...
  const match = /^https?:\/\/([^/?#:]+)(?::\d+)?(?:\/([^/?#]*))?/i.exec(withScheme);
  if (match === null) return null;
  const [, host = '', segment = ''] = match;
  if (!X_HOST.test(host)) return null;
  const name = decodeSegment(segment).replace(/^@/, '');
  if (name === '' || NOT_PROFILES.has(name.toLowerCase())) return null;
  return name;
};

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Reduces what was typed to a username, or says what is wrong with it. */
export const parseUsername = (raw: string): UsernameParse => {
  const text = raw.trim();
  if (text === '' || text === '@') return { ok: false, message: USERNAME_MESSAGES.required };
  let name = text;
  if (looksLikeUrl(text)) {
    const fromUrl = usernameFromUrl(text);
    if (fromUrl === null) return { ok: false, message: USERNAME_MESSAGES.notAProfileUrl };
    name = fromUrl;
  } else if (name.startsWith('@')) {
    name = name.slice(1).trim();
  }
  if (!USERNAME.test(name)) return { ok: false, message: USERNAME_MESSAGES.format };
  return { ok: true, username: name };
};

/** The key two spellings of one username share ('@Elon' and 'elon'). */
export const usernameKey = (username: string): string => username.trim().replace(/^@/, '').toLowerCase();
