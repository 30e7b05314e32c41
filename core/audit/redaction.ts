/**
 * What no audit view shows: the secrets events carry (password hashes, reset-link hashes, sealed X
 * tokens, access-token hashes, a device's push endpoint and keys). Each event type that carries one
 * declares where (`SECRET_FIELDS`); tests/architecture/audit-secrets.unit.test.ts reads every event
 * union in core and fails on a field named like a secret that is neither declared here nor listed
 * as harmless (`NOT_SECRETS`), so a new event cannot bring a secret into the audit unnoticed.
 *
 * Redaction goes by value: the secrets of the events an answer is made of are collected
 * (`secretsOf`), and `redactSecrets` replaces every string of the answer that holds one of them,
 * whatever the key it sits under. A decider state (the audit's "state as of") copies these values
 * under its own names ('passwordHash', 'tokens.accessToken', 'devices[].endpoint'), so the one
 * function serves the states, their diffs and the events' own data alike.
 */
import type { AuditedEventType } from './wording';

export const REDACTED = '[redacted]';

/** Dotted paths into an event's data; `[]` steps into every item of an array. */
export type SecretFields = { readonly [T in AuditedEventType]?: readonly string[] };

export const SECRET_FIELDS: SecretFields = {
  UserRegistered: ['passwordHash'],
  PasswordChanged: ['passwordHash'],
  PasswordResetCompleted: ['passwordHash'],
  PasswordResetRequested: ['tokenHash'],
  TokenCreated: ['tokenHash'],
  XAccountConnected: ['tokens.accessToken', 'tokens.accessSecret'],
  XAccountReconnected: ['tokens.accessToken', 'tokens.accessSecret'],
  PushSubscribed: ['endpoint', 'p256dh', 'auth'],
  PushUnsubscribed: ['endpoint'],
  AiProviderKeyReplaced: ['sealedKey'],
  AiProviderKeyResealed: ['sealedKey'],
};

/**
 * Fields whose names look like a secret's but hold none, each with the reason (read by the
 * architecture test; `Type.path`).
 */
export const NOT_SECRETS: Readonly<Record<string, string>> = {
  'UserRegistered.passwordChangeRequired': 'a flag',
  'TokenCreated.tokenId': "the token's id, shown in the token list",
  'AiProviderKeyResealed.keyId': "the token key's id: the first 8 bytes of its SHA-256, it opens nothing",
  'TokenCreated.prefix': "the secret's first characters, shown in the token list to recognise it",
  'TokenRevoked.tokenId': "the token's id",
  'TokenUsed.tokenId': "the token's id",
  'XAccountConnected.tokenExpiresAt': 'a time',
  'NotificationRecorded.key': 'the de-duplication key of a notification (its kind and subject ids)',
  'PollingSettingChanged.key': "a polling setting's name",
  'TextUsed.textKey': "a digest of a reply's text, for the no-repeat rule",
  'MonitoredAccountAdded.topicKeyword': 'a search word',
  'MonitoredAccountEdited.topicKeyword': 'a search word',
};

const valuesAt = (data: unknown, path: readonly string[]): string[] => {
  if (path.length === 0) return typeof data === 'string' && data !== '' ? [data] : [];
  if (data === null || typeof data !== 'object') return [];
  const [step, ...rest] = path as [string, ...string[]];
  if (step.endsWith('[]')) {
    const items = (data as Record<string, unknown>)[step.slice(0, -2)];
    return Array.isArray(items) ? items.flatMap((item) => valuesAt(item, rest)) : [];
  }
  return valuesAt((data as Record<string, unknown>)[step], rest);
};

/** The secret values the events carry, by their types' declarations. */
export const secretsOf = (events: Iterable<{ type: string; data: unknown }>): Set<string> => {
  const found = new Set<string>();
  for (const event of events) {
    const fields = (SECRET_FIELDS as Record<string, readonly string[] | undefined>)[event.type] ?? [];
    for (const field of fields) for (const value of valuesAt(event.data, field.split('.'))) found.add(value);
  }
  return found;
};

/** Secrets this long are also looked for inside longer strings; a shorter one only as a whole value (a one-letter test hash must not blank every such letter). */
const FOUND_WITHIN = 16;

const hides = (text: string, secrets: ReadonlySet<string>): string => {
  if (secrets.has(text)) return REDACTED;
  let out = text;
  for (const secret of secrets) if (secret.length >= FOUND_WITHIN && out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out;
};

/**
 * The value with every string that is, or contains, one of `secrets` redacted (a copy; object keys
 * too, as a state may index by a secret such as a device's endpoint).
 */
export const redactSecrets = <T>(value: T, secrets: ReadonlySet<string>): T => {
  if (secrets.size === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return hides(v, secrets);
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, item]) => [hides(k, secrets), walk(item)]));
  };
  return walk(value) as T;
};
