/**
 * Every event type the product can write has audit wording. The list of event types is derived
 * from the sources, not kept by hand (event-unions.support.ts). A new event type in any capability
 * without a line in wording.ts fails here (and does not compile there).
 */
import { describe, expect, it } from 'vitest';
import { auditLine, WORDED_EVENT_TYPES } from '@core/audit/wording';
import { eventUnionsInCore } from './event-unions.support';

describe('audit wording', () => {
  const { unions } = eventUnionsInCore();
  const inSources = new Set([...unions.values()].flat());

  it('finds the event unions of the deciders in the sources (the derivation itself works)', () => {
    const names = [...unions.keys()].map((k) => k.split(':')[1]);
    for (const union of ['UserEvent', 'ScheduleEvent', 'TemplateEvent', 'BillingEvent', 'ReplyEvent', 'XAccountEvent', 'AuditEvent']) expect(names).toContain(union);
    expect(inSources.size).toBeGreaterThan(60);
  }, 60_000);

  it('has a line for every event type of every union in core, and none for types that no longer exist', () => {
    const worded = new Set<string>(WORDED_EVENT_TYPES);
    const missing = [...unions].flatMap(([where, types]) => types.filter((t) => !worded.has(t)).map((t) => `${t} (${where})`));
    expect(missing, 'event types with no audit wording').toEqual([]);
    expect(WORDED_EVENT_TYPES.filter((t) => !inSources.has(t)), 'wording for event types no union declares').toEqual([]);
  });

  it("words a schedule's creation as an auditor reads it", () => {
    const line = auditLine(
      {
        type: 'ScheduleCreated',
        actor: 'u-alice',
        data: {
          scheduleId: '3f2a9c1e-0000-4000-8000-000000000000',
          userId: 'u-alice',
          timeZone: 'Europe/Madrid',
          targetAccountId: 'acc-1',
          targetUsername: 'BBCBreaking',
          connectedAccountId: 'x-1',
          accountName: 'alice_x',
          content: { kind: 'text', text: 'Great point' },
          imageUrl: null,
          plan: { kind: 'recurring', rule: { type: 'daily', time: '09:00' } },
          nextRunTime: '2026-11-28T08:00:00.000Z',
          mentionsRemoved: [],
        },
      },
      (id) => (id === 'u-alice' ? 'alice' : null),
    );
    expect(line).toBe('alice created schedule 3f2a9c1e… for @BBCBreaking every day at 09:00 Europe/Madrid, posting from @alice_x with text "Great point"');
  });

  it('names the actor from the metadata and survives data that erasure emptied', () => {
    expect(auditLine({ type: 'UserLoggedIn', actor: 'scheduler', data: { at: 'x' } }, () => null)).toBe('the scheduler signed in');
    expect(auditLine({ type: 'ScheduleCreated', actor: 'system', data: null }, () => null)).toBe('the system: ScheduleCreated (its details are no longer readable)');
    expect(auditLine({ type: 'SomethingNew', actor: null, data: {} }, () => null)).toBe('someone not signed in: SomethingNew (no wording for this event type)');
  });
});
