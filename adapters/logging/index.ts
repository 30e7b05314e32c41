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
  const logger = pino({ ...base, redact: { paths: redactPaths(), censor: REDACTED }, serializers: { err: errSerializer } }, destination);
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
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** A name written in camelCase or PascalCase (a function in a stack trace), not drawn at random. */
const WORDS = /^[A-Za-z][a-z]+(?:[A-Z][a-z]{2,})*$/;
/**
 * A name in SCREAMING_SNAKE_CASE (an environment variable a message tells the operator to fix,
 * such as RIPOSTE_S3_SECRET_ACCESS_KEY): words of capitals and digits joined by underscores.
 */
const CONSTANT_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z][A-Z0-9]*)+$/;

/**
 * Whether a run looks random rather than written: a personal access token, or 20 characters and
 * more mixing at least two of upper case, lower case and digits (32 random bytes in base64url lack
 * two of the three with a chance below 10^-12; a sha-256 in hex mixes digits and letters). Ids
 * (UUIDs, also inside a stream name such as `user-<uuid>`) stay readable; so do words, kebab-case
 * route names (one class only) and camelCase names (a random run of letters alone is one in ~10^4
 * at 20 characters, and that shape a fraction of it).
 */
const tokenShaped = (run: string): boolean => {
  if (run.startsWith('rpt_')) return true;
  const rest = run.replace(UUIDS, '');
  if (rest.replace(/[-_]/g, '').length < 20 || WORDS.test(rest) || CONSTANT_NAME.test(rest)) return false;
  const classes = Number(/[A-Z]/.test(rest)) + Number(/[a-z]/.test(rest)) + Number(/[0-9]/.test(rest));
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

/** Every string in a serialized value with its token-shaped runs replaced (objects and arrays walked, a few levels deep). */
const redactStrings = (value: unknown, depth: number, seen: Set<object>): unknown => {
  if (typeof value === 'string') return redactTokens(value);
  if (typeof value !== 'object' || value === null || depth > 6 || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, depth + 1, seen));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactTokens(k), redactStrings(v, depth + 1, seen)]));
};

/**
 * pino's error serializer, then every token-shaped run replaced in what it made: an error's
 * message, its stack and its causes' (`caused by: …`), and its own fields. An upstream's error
 * text (X, PayPal, an AI provider) or a library's message quoting its input can carry a secret the
 * key-based redaction cannot see, under keys no list names.
 */
export const errSerializer = (err: unknown): unknown =>
  redactStrings(err instanceof Error ? pino.stdSerializers.err(err) : err, 0, new Set());
