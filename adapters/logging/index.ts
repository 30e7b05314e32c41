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

export const createLogger = (options: LoggerOptions): Logger =>
  pino(
    {
      level: options.level,
      name: options.name ?? 'riposte',
      redact: { paths: redactPaths(), censor: REDACTED },
      serializers: { err: pino.stdSerializers.err },
    },
    options.destination ?? pino.destination({ fd: 1, sync: false }),
  );

/**
 * Query-string keys whose values are secrets: X OAuth callbacks (oauth_token, oauth_verifier, and
 * `denied`, which carries the request token of a refused authorisation), one-time tokens.
 */
const SECRET_QUERY = /token|secret|verifier|password|code|key|sig|pin|denied/i;

/** Path segments that are secrets: the token of an X authorisation's status poll. */
const SECRET_PATH = /(\/auth\/status\/)[^/?#]+/gi;

/** A URL for the log: secret path segments and query values of secret-looking keys replaced. */
export const redactUrl = (url: string): string => {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const safe = [...params.entries()].map(([k, v]) => `${encodeURIComponent(k)}=${SECRET_QUERY.test(k) ? REDACTED : encodeURIComponent(v)}`);
  return `${path}?${safe.join('&')}`;
};
