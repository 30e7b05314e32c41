/**
 * Turning a connection string into the clients this adapter uses, with the settings it depends on:
 *
 * - Credentials are taken out of the string and decoded here, once (`%40` is '@'), then given to
 *   both halves of the client explicitly through a credentials provider. The gRPC half decodes the
 *   string's user info itself but the native read bridge is handed the raw string, so a password
 *   with an escaped character worked for appends and failed for reads.
 * - Setting a credentials provider also moves appends off the shared batch-append stream onto one
 *   gRPC call per append (client 1.3.1 `appendToStream`: batch only without per-call credentials
 *   and without a provider), which takes a deadline and fails on its own.
 * - `throwOnAppendFailure=false` would make a conflicting append resolve as `success: false`, which
 *   the port would report as written: refused before any client is made.
 */
import { KurrentDBClient } from '@kurrent/kurrentdb-client';
import { AppError } from '@core/shared/errors';

export interface BasicCredentials {
  username: string;
  password: string;
}

export interface ParsedConnection {
  /** The connection string without its user info (safe to log). */
  connectionString: string;
  /** Decoded, or null when the string carries none. */
  credentials: BasicCredentials | null;
  /** tls=false: the server ignores credentials and the client sends none. */
  insecure: boolean;
}

const invalid = (message: string): AppError => new AppError('validation', `Not a usable KurrentDB connection string: ${message}`, { field: 'connectionString' });

const decode = (part: string, what: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid(`the ${what} has a broken %-escape`);
  }
};

const queryOf = (rest: string): URLSearchParams => {
  const at = rest.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : rest.slice(at + 1));
};

/** The value of a query option, whatever the case of its name (the client's own parser ignores case). */
const option = (query: URLSearchParams, name: string): string | null => {
  for (const [key, value] of query) if (key.toLowerCase() === name.toLowerCase()) return value;
  return null;
};

export const parseConnection = (connectionString: string): ParsedConnection => {
  const scheme = /^([a-z][a-z0-9+.-]*:\/\/)(.*)$/i.exec(connectionString.trim());
  if (scheme === null || scheme[1] === undefined || scheme[2] === undefined) throw invalid('it does not start with kurrentdb:// (or esdb://)');
  const [, prefix, afterScheme] = scheme;
  // The user info ends at the last '@' before the path or the query.
  const authorityEnd = afterScheme.search(/[/?]/);
  const authority = authorityEnd === -1 ? afterScheme : afterScheme.slice(0, authorityEnd);
  const at = authority.lastIndexOf('@');
  const userInfo = at === -1 ? null : authority.slice(0, at);
  const rest = at === -1 ? afterScheme : afterScheme.slice(at + 1);

  let credentials: BasicCredentials | null = null;
  if (userInfo !== null) {
    const colon = userInfo.indexOf(':');
    if (colon <= 0 || colon === userInfo.length - 1) throw invalid('credentials must be written user:password@ (escape @ : / ? as %40 %3A %2F %3F)');
    credentials = { username: decode(userInfo.slice(0, colon), 'user name'), password: decode(userInfo.slice(colon + 1), 'password') };
  }

  const query = queryOf(rest);
  const throwOnAppendFailure = option(query, 'throwOnAppendFailure');
  if (throwOnAppendFailure !== null && throwOnAppendFailure.trim().toLowerCase() !== 'true') {
    throw new AppError(
      'validation',
      'The KurrentDB connection string sets throwOnAppendFailure to something other than true: a conflicting append would then look written. Remove the option.',
      { field: 'connectionString', reason: 'THROW_ON_APPEND_FAILURE_OFF' },
    );
  }
  const tls = option(query, 'tls');
  return { connectionString: `${prefix}${rest}`, credentials, insecure: tls !== null && tls.trim().toLowerCase() === 'false' };
};

/**
 * One client, credentials given explicitly. Without credentials on a TLS connection no provider
 * can be set (the client would send "undefined:undefined"): appends then use the batch stream,
 * which is what a certificate-authenticated user gets (see ADR 0004).
 */
export const makeClient = (parsed: ParsedConnection): KurrentDBClient => {
  let client: KurrentDBClient;
  try {
    client = KurrentDBClient.connectionString(parsed.connectionString);
  } catch (cause) {
    // The string is not repeated: only the client's complaint.
    throw new AppError('validation', `Not a KurrentDB connection string: ${cause instanceof Error ? cause.message : String(cause)}`, {
      field: 'connectionString',
      cause,
    });
  }
  // A protected getter in the client's types; read to catch any way the option got set.
  if ((client as unknown as { throwOnAppendFailure: boolean }).throwOnAppendFailure !== true) {
    throw new AppError('validation', 'The KurrentDB client was configured not to throw on a failed append; refusing to use it', {
      field: 'connectionString',
      reason: 'THROW_ON_APPEND_FAILURE_OFF',
    });
  }
  const { credentials } = parsed;
  if (credentials !== null) {
    client.setCredentialsProvider(() => credentials);
  } else if (parsed.insecure) {
    // Ignored by an insecure channel (no Authorization header is sent), but it selects the per-call
    // append path. The bridge gets nothing either: `resolveBridgeCredentials` passes undefined on.
    client.setCredentialsProvider(() => undefined as unknown as BasicCredentials);
  }
  return client;
};

/** True when appends go one gRPC call each (see the file comment). */
export const usesPerCallAppends = (client: KurrentDBClient): boolean => client.credentialsProvider !== undefined;
