/**
 * Every secret an event carries is declared for the audit's redaction (core/audit/redaction.ts).
 * The events' fields are derived from the sources (event-unions.support.ts): a field whose name
 * looks like a secret's fails here unless its event type declares it secret or NOT_SECRETS says
 * why it is harmless; a declaration naming a field the event no longer has fails too. Each
 * declared field is then shown to be collected and redacted, wherever it sits in the data.
 */
import { describe, expect, it } from 'vitest';
import { NOT_SECRETS, REDACTED, redactSecrets, SECRET_FIELDS, secretsOf } from '@core/audit/redaction';
import { eventUnionsInCore } from './event-unions.support';

/** Names a secret could have: hashes, tokens, keys, passwords, endpoints, push keys, credentials. */
const SECRET_NAME = /hash|token|secret|passw|key|endpoint|p256dh|^auth$|credential|cookie|session|signature|sealed|nonce|otp|pin(code)?$/i;

const declared = SECRET_FIELDS as Record<string, readonly string[] | undefined>;

/** A copy of `data`-shaped object with `value` placed at the dotted path (arrays get one item). */
const placed = (path: string, value: string): unknown => {
  const [step, ...rest] = path.split('.') as [string, ...string[]];
  const inner = rest.length === 0 ? value : placed(rest.join('.'), value);
  return step.endsWith('[]') ? { [step.slice(0, -2)]: [inner] } : { [step]: inner };
};

describe('secrets in events', () => {
  const { fields } = eventUnionsInCore();

  it('reads the data fields of the events (the derivation itself works)', () => {
    expect(fields.get('UserRegistered')).toContain('passwordHash');
    expect(fields.get('XAccountConnected')).toContain('tokens.accessSecret');
    expect(fields.get('ReplyMetricsObserved')).toContain('observations[].postId');
  }, 60_000);

  it('declares every field named like a secret, or says why it is none', () => {
    // Leaves only: an object ('tokens') is covered by its fields ('tokens.accessToken').
    const leaf = (paths: Set<string>, path: string) => ![...paths].some((p) => p.startsWith(`${path}.`) || p.startsWith(`${path}[]`));
    const undeclared = [...fields].flatMap(([type, paths]) =>
      [...paths].filter((path) => leaf(paths, path) && SECRET_NAME.test(path.split('.').at(-1)!.replace('[]', '')) && !(declared[type] ?? []).includes(path) && NOT_SECRETS[`${type}.${path}`] === undefined).map((path) => `${type}.${path}`),
    );
    expect(undeclared, 'fields named like secrets that core/audit/redaction.ts neither declares secret nor lists in NOT_SECRETS').toEqual([]);
  });

  it('declares only fields the events have', () => {
    const stale = Object.entries(declared).flatMap(([type, paths]) => (paths ?? []).filter((path) => !fields.get(type)?.has(path)).map((path) => `${type}.${path}`));
    const staleHarmless = Object.keys(NOT_SECRETS).filter((key) => {
      const [type, ...path] = key.split('.');
      return !fields.get(type!)?.has(path.join('.'));
    });
    expect([...stale, ...staleHarmless]).toEqual([]);
  });

  it.each(Object.entries(declared).flatMap(([type, paths]) => (paths ?? []).map((path) => [type, path] as const)))('%s.%s is collected and redacted wherever it is copied', (type, path) => {
    const secret = `s3cr3t-${type}-${path}-0123456789`;
    const secrets = secretsOf([{ type, data: placed(path, secret) }]);
    expect([...secrets]).toEqual([secret]);
    const state = { copied: secret, nested: [{ within: `prefix ${secret} suffix` }], [secret]: 'indexed by it' };
    const shown = JSON.stringify(redactSecrets(state, secrets));
    expect(shown).not.toContain(secret);
    expect(shown).toContain(REDACTED);
  });

  it('leaves an answer without secrets as it is', () => {
    const value = { a: 'plain', b: [1, 'two'] };
    expect(redactSecrets(value, secretsOf([{ type: 'UserLoggedIn', data: { at: '2026-11-01T00:00:00Z' } }]))).toEqual(value);
  });
});
