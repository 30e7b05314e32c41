/**
 * The X client opened while a prepared reply waits (userClientFor): used at the time only while the
 * account still has the tokens it was opened from; a reconnect with new tokens opens a new client;
 * tokens that no longer open (data key destroyed) give none.
 */
import { describe, expect, it } from 'vitest';
import type { ConnectedXAccount } from '@core/x-accounts';
import type { XUserClient } from '@core/x';
import { userClientFor, type Context } from './context';

const account = (accessToken: string): ConnectedXAccount => ({ userId: 'u1', accountId: 'x-1', tokens: { accessToken, accessSecret: `${accessToken}-secret` } }) as unknown as ConnectedXAccount;

const contextOpening = (opened: string[], destroyed = new Set<string>()) =>
  ({
    x: { asUser: (tokens: { accessToken: string }) => ({ opened: tokens.accessToken }) as unknown as XUserClient },
    tokens: {
      decrypt: (sealed: string) => {
        if (destroyed.has(sealed)) throw new Error('data key destroyed');
        opened.push(sealed);
        return `plain:${sealed}`;
      },
      prepare: async () => undefined,
    },
    logger: { warn: () => undefined },
    userClients: new Map(),
  }) as unknown as Context;

describe('userClientFor', () => {
  it('opens the tokens once per reply while they stay the same', () => {
    const opened: string[] = [];
    const ctx = contextOpening(opened);
    const first = userClientFor(ctx, 'r1', account('t1'));
    expect(userClientFor(ctx, 'r1', account('t1'))).toBe(first);
    expect(opened).toEqual(['t1', 't1-secret']);
    // Another reply of the same account opens its own (each is dropped when its run ends).
    userClientFor(ctx, 'r2', account('t1'));
    expect(opened).toHaveLength(4);
  });

  it('opens the new tokens after a reconnect, never posting with the old ones', () => {
    const opened: string[] = [];
    const ctx = contextOpening(opened);
    const before = userClientFor(ctx, 'r1', account('t1'));
    const after = userClientFor(ctx, 'r1', account('t2'));
    expect(after).not.toBe(before);
    expect(after).toEqual({ opened: 'plain:t2' });
    expect(userClientFor(ctx, 'r1', account('t2'))).toBe(after);
  });

  it('gives no client, and keeps none, when the tokens no longer open', () => {
    const ctx = contextOpening([], new Set(['t3']));
    expect(userClientFor(ctx, 'r1', account('t3'))).toBeNull();
    expect(ctx.userClients.has('r1')).toBe(false);
  });
});
