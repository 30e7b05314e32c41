import { describe, expect, it } from 'vitest';
import { parseOrThrow } from '@core/shared/parse';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { missingScope } from './permissions';
import { TOKEN_MESSAGES, tokenInputSchema } from './schemas';
import { tokenDecider, tokenRefusal, type TokenEvent } from './token';

const spec = deciderSpec(tokenDecider);
const now = '2026-11-27T08:00:00.000Z';
const created = (o: Partial<Extract<TokenEvent, { type: 'TokenCreated' }>['data']> = {}): TokenEvent => ({
  type: 'TokenCreated',
  data: { tokenId: 't1', userId: 'u1', name: 'cli', scopes: ['read'], tokenHash: 'h', prefix: 'rpt_abcd', createdAt: now, expiresAt: '2026-12-27T08:00:00.000Z', ...o },
});
const create = (input: Record<string, unknown>, userIsAdmin = false) => ({
  type: 'CreateToken' as const,
  tokenId: 't1',
  userId: 'u1',
  userIsAdmin,
  input: parseOrThrow(tokenInputSchema, input),
  tokenHash: 'h',
  prefix: 'rpt_abcd',
  now,
});
const revoked: TokenEvent = { type: 'TokenRevoked', data: { tokenId: 't1', userId: 'u1', at: now } };

describe('CreateToken', () => {
  it('emits TokenCreated with its expiry computed from now', () => {
    spec.given().when(create({ name: 'cli', scopes: ['read'], expiresInDays: 30 })).then([created()]);
  });
  it('refuses the admin scope to a user who is not an admin, on the scopes field', () => {
    const error = spec.given().when(create({ name: 'cli', scopes: ['admin'], expiresInDays: null })).thenRefuses('validation', TOKEN_MESSAGES.adminScopeForAdmins);
    expect(error.field).toBe('scopes');
  });
  it('keeps scopes in one order and without repeats; no expiry is null', () => {
    spec.given().when(create({ name: 'cli', scopes: ['admin', 'read', 'admin'], expiresInDays: null }, true)).then([created({ scopes: ['read', 'admin'], expiresAt: null })]);
  });
  it('refuses a second create on the same id', () => {
    spec.given(created()).when(create({ name: 'cli', scopes: ['read'], expiresInDays: 30 })).thenRefuses('conflict');
  });
});

describe('RevokeToken', () => {
  const revoke = (userId = 'u1') => ({ type: 'RevokeToken' as const, tokenId: 't1', userId, now });
  it('emits TokenRevoked for the owner', () => {
    spec.given(created()).when(revoke()).then([revoked]);
  });
  it("answers someone else's token (and a missing one) as not found", () => {
    spec.given(created()).when(revoke('u2')).thenRefuses('not_found');
    spec.given().when(revoke()).thenRefuses('not_found');
  });
  it('stays quiet on a token already revoked', () => {
    spec.given(created(), revoked).when(revoke()).thenNothing();
  });
});

describe('RecordTokenUse', () => {
  const use = (at: string) => ({ type: 'RecordTokenUse' as const, tokenId: 't1', at });
  it('emits TokenUsed on first use and once the minute has passed', () => {
    spec.given(created()).when(use(now)).then([{ type: 'TokenUsed', data: { tokenId: 't1', at: now } }]);
    spec.given(created(), { type: 'TokenUsed', data: { tokenId: 't1', at: now } }).when(use('2026-11-27T08:01:00.000Z')).then([{ type: 'TokenUsed', data: { tokenId: 't1', at: '2026-11-27T08:01:00.000Z' } }]);
  });
  it('stays quiet within the minute, and for a revoked token', () => {
    spec.given(created(), { type: 'TokenUsed', data: { tokenId: 't1', at: now } }).when(use('2026-11-27T08:00:59.000Z')).thenNothing();
    spec.given(created(), revoked).when(use(now)).thenNothing();
  });
});

describe('tokenRefusal', () => {
  const state = (...events: TokenEvent[]) => events.reduce(tokenDecider.evolve, tokenDecider.initialState());
  it('lets a live token through until its expiry, then says why not', () => {
    expect(tokenRefusal(state(created()), now)).toBeNull();
    expect(tokenRefusal(state(created()), '2026-12-27T08:00:00.000Z')).toBe('expired');
    expect(tokenRefusal(state(created(), revoked), now)).toBe('revoked');
    expect(tokenRefusal(state(), now)).toBe('unknown');
    expect(tokenRefusal(state(created({ expiresAt: null })), '2099-01-01T00:00:00.000Z')).toBeNull();
  });
  it("refuses a token made before the owner's last password change, not one made after", () => {
    const made = created();
    const madeAt = made.type === 'TokenCreated' ? made.data.createdAt : now;
    const later = new Date(Date.parse(madeAt) + 1000).toISOString();
    const earlier = new Date(Date.parse(madeAt) - 1000).toISOString();
    expect(tokenRefusal(state(created()), now, later)).toBe('revoked');
    expect(tokenRefusal(state(created()), now, earlier)).toBeNull();
    expect(tokenRefusal(state(created()), now, null)).toBeNull();
  });
});

describe('missingScope', () => {
  it('lets every token read, asks write for unsafe methods and admin for admin routes', () => {
    expect(missingScope(['read'], { method: 'GET', adminRoute: false })).toBeNull();
    expect(missingScope(['read'], { method: 'POST', adminRoute: false })).toBe('write');
    expect(missingScope(['write'], { method: 'DELETE', adminRoute: false })).toBeNull();
    expect(missingScope(['read', 'write'], { method: 'GET', adminRoute: true })).toBe('admin');
    expect(missingScope(['admin'], { method: 'GET', adminRoute: true })).toBeNull();
    expect(missingScope(['admin'], { method: 'PUT', adminRoute: true })).toBe('write');
    expect(missingScope(['write', 'admin'], { method: 'PUT', adminRoute: true })).toBeNull();
  });
});
