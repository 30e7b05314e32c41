import { describe, expect, it } from 'vitest';
import { SCHEDULER_ACTOR } from '@core/eventstore/types';
import { actorWords, auditLine } from './wording';

describe('audit wording of the scheduler', () => {
  it("names what the scheduler's jobs record 'the scheduler', and keeps 'the system' for the rest", () => {
    const nameOf = () => null;
    expect(actorWords(SCHEDULER_ACTOR, nameOf)).toBe('the scheduler');
    expect(actorWords('system', nameOf)).toBe('the system');
    expect(auditLine({ type: 'ScheduleDeactivated', data: { scheduleId: '3f2a0000-aaaa' }, actor: SCHEDULER_ACTOR }, nameOf)).toBe('the scheduler deactivated schedule 3f2a0000…');
  });
});
