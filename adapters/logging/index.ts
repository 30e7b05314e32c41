/**
 * pino with redaction. Request logs are built from chosen fields (never bodies), so redaction is
 * the second line of defence: any object that reaches a log line with a password, a cookie, an
 * authorization header, a token or a secret under a known key has its value replaced.
 */
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

const SENSITIVE_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'token',
  'accessToken',
  'refreshToken',
  'accessSecret',
  'oauth_token',
  'oauth_token_secret',
  'oauth_verifier',
  'secret',
  'clientSecret',
  'apiKey',
  'pin',
  'cookie',
  'authorization',
  'set-cookie',
  'x-api-key',
  'sessionKeys',
];

/** Top level and up to three levels down (pino's wildcard matches one level per `*`). */
export const redactPaths = (): string[] =>
  SENSITIVE_KEYS.flatMap((key) => {
    const k = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
    const dot = k.startsWith('[') ? '' : '.';
    return [k, `*${dot}${k}`, `*.*${dot}${k}`, `*.*.*${dot}${k}`];
  });

export const REDACTED = '[redacted]';

export interface LoggerOptions {
  level: LevelWithSilent;
  /** Where lines go (default stdout); tests pass a stream they read back. */
  destination?: DestinationStream;
  name?: string;
}

const plainTwins = new WeakMap<Logger, Logger>();

export const createLogger = (options: LoggerOptions): Logger => {
  const destination = options.destination ?? pino.destination({ fd: 1, sync: false });
  const base = { level: options.level, name: options.name ?? 'riposte' };
  const logger = pino({ ...base, redact: { paths: redactPaths(), censor: REDACTED }, serializers: { err: pino.stdSerializers.err } }, destination);
  plainTwins.set(logger, pino(base, destination));
  return logger;
};

/**
 * The same level, name and destination without the key redaction, for lines made only of chosen
 * scalar fields (the request line: method, redacted URL, status, time, ids), which have no keys to
 * redact. Redaction walks every value of every line against ~80 paths, and on the request line
 * that was the largest single cost of a cheap request (bench:api). Any other logger is its own twin.
 */
export const plainTwinOf = (logger: Logger): Logger => plainTwins.get(logger) ?? logger;

/**
 * Query-string keys whose values are secrets: X OAuth callbacks (oauth_token, oauth_verifier, and
 * `denied`, which carries the request token of a refused authorisation), one-time tokens.
 */
const SECRET_QUERY = /token|secret|verifier|password|code|key|sig|pin|denied/i;

/** Path segments that are secrets: the token of an X authorisation's status poll. */
const SECRET_PATH = /(\/auth\/status\/)[^/?#]+/gi;

/** Runs of URL-safe characters long enough to be a secret (base64url, hex, a token's `rpt_` form). */
const LONG_RUN = /[A-Za-z0-9_-]{20,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a run looks random rather than written: a personal access token, or 20 characters and
 * more mixing at least two of upper case, lower case and digits (32 random bytes in base64url lack
 * two of the three with a chance below 10^-12; a sha-256 in hex mixes digits and letters). Ids
 * (UUIDs) stay readable; words and kebab-case route names have one class only.
 */
const tokenShaped = (run: string): boolean => {
  if (run.startsWith('rpt_')) return true;
  if (UUID.test(run)) return false;
  const classes = Number(/[A-Z]/.test(run)) + Number(/[a-z]/.test(run)) + Number(/[0-9]/.test(run));
  return classes >= 2;
};

/** Every token-shaped run in `text` replaced, whatever key or segment it came under. */
export const redactTokens = (text: string): string => text.replace(LONG_RUN, (run) => (tokenShaped(run) ? REDACTED : run));

/**
 * A URL for the log: secret path segments and query values of secret-looking keys replaced, and
 * anything shaped like a token replaced wherever it appears (a path segment, any query key or value).
 */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  const path = redactTokens((q === -1 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${REDACTED}`));
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const shown = (text: string) => redactTokens(text).split(REDACTED).map(encodeURIComponent).join(REDACTED);
  const safe = [...params.entries()].map(([k, v]) => `${shown(k)}=${SECRET_QUERY.test(k) ? REDACTED : shown(v)}`);
  return `${path}?${safe.join('&')}`;
};
