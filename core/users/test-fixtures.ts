// Shared builders for the users tests (not a test file itself).
import type { Actor } from './commands';
import type { UserEvent } from './events';

export const T0 = '2026-03-01T10:00:00.000Z';
export const at = (minutes: number): string => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
export const days = (n: number): string => at(n * 24 * 60);

export const admin: Actor = { kind: 'user', id: 'admin-1', role: 'admin' };
export const plainUser: Actor = { kind: 'user', id: 'someone-else', role: 'user' };
export const system: Actor = { kind: 'system' };

export const registered = (overrides: Partial<Extract<UserEvent, { type: 'UserRegistered' }>['data']> = {}): UserEvent => ({
  type: 'UserRegistered',
  data: {
    id: 'u1',
    username: 'Alice',
    email: 'alice@example.com',
    fullName: 'Alice Liddell',
    passwordHash: 'hash-1',
    timeZone: 'Europe/Paris',
    xUserId: null,
    role: 'user',
    passwordChangeRequired: false,
    createdBy: null,
    at: T0,
    ...overrides,
  },
});

export const deactivated: UserEvent = { type: 'UserDeactivated', data: { by: 'admin-1', reason: null, at: at(5) } };
