import { describe, expect, it } from 'vitest';
import { projectsEvent, redactPersonal } from './erasure';

describe('redactPersonal', () => {
  it('erases who the person is and what they wrote, at any depth, and keeps ids, times and facts', () => {
    const data = {
      id: 'u1',
      username: 'Alice',
      email: 'alice@example.com',
      passwordHash: '$argon2id$...',
      timeZone: 'Europe/Paris',
      at: '2026-11-27T10:00:00.000Z',
      repliesRemaining: 3,
      changes: { fullName: 'Alice Liddell', email: null },
      draft: { conditions: { content: 'my reply', targetAccount: 'acct-9' } },
      list: [{ text: 'hello' }],
    };
    expect(redactPersonal(data, 'e1')).toEqual({
      id: 'u1',
      username: 'erased-e1',
      email: 'erased-e1',
      passwordHash: 'erased-e1',
      timeZone: 'UTC',
      at: '2026-11-27T10:00:00.000Z',
      repliesRemaining: 3,
      changes: { fullName: 'erased-e1', email: null },
      draft: { conditions: { content: 'erased-e1', targetAccount: 'acct-9' } },
      list: [{ text: 'erased-e1' }],
    });
  });

  it('leaves nothing of the original strings', () => {
    const out = JSON.stringify(redactPersonal({ username: 'Zed', nested: { email: 'zed@x.io', name: 'Z' } }, 'e2'));
    expect(out).not.toMatch(/Zed|zed@x\.io|"Z"/);
  });
});

describe('projectsEvent (the projection runner and erasure copies)', () => {
  const metadata = { actor: 'u-1', correlationId: 'c', causationId: null, time: '2026-11-27T08:00:00.000Z' };
  const copy = { ...metadata, erasureCopyOf: 'e-1' };
  it('applies every original, skips the copies, but for the copy of AccountDeleted (idempotent, and what a rebuild after a scavenge needs)', () => {
    expect(projectsEvent({ type: 'UserRegistered', metadata })).toBe(true);
    expect(projectsEvent({ type: 'AccountDeleted', metadata })).toBe(true);
    expect(projectsEvent({ type: 'UserRegistered', metadata: copy })).toBe(false);
    expect(projectsEvent({ type: 'TemplateCreated', metadata: copy })).toBe(false);
    expect(projectsEvent({ type: 'AccountDeleted', metadata: copy })).toBe(true);
  });
});
