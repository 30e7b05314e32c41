import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { DiffView, HistoryView } from './audit-view';

const entry = {
  position: '00000000000000000007',
  stream: 'schedule-3f2a',
  revision: '0',
  type: 'ScheduleCreated',
  time: '2026-11-27T08:00:00.000Z',
  actor: 'u-alice',
  actorName: 'alice',
  requestId: 'req-42',
  line: 'alice created schedule 3f2a… for @BBCBreaking every day at 09:00 Europe/Madrid',
  replayable: true,
};

describe('cli audit views', () => {
  it('shows each event with time, type, actor, request id and its plain-words line', () => {
    const frame = render(<HistoryView report={{ subject: 'user alice', entries: [entry] }} />).lastFrame() ?? '';
    expect(frame).toContain('History of user alice: 1 event');
    expect(frame).toContain('2026-11-27 08:00:00Z ScheduleCreated by alice');
    expect(frame).toContain('req req-42');
    expect(frame).toContain('alice created schedule 3f2a… for @BBCBreaking every day at 09:00 Europe/Madrid');
  });

  it('says when nothing matches, and shows a diff path by path', () => {
    expect(render(<HistoryView report={{ subject: 'user bob', entries: [] }} />).lastFrame()).toContain('No events match.');
    const asOf = (revision: string) => ({ stream: 'user-1', kind: 'user', asOf: { position: '1', revision, type: 'RoleChanged', time: '2026-11-27T08:00:00.000Z' }, events: 1, state: {} });
    const frame = render(<DiffView diff={{ stream: 'user-1', before: asOf('0'), after: asOf('2'), changes: [{ path: 'user.role', before: 'user', after: 'legacy' }] }} />).lastFrame() ?? '';
    expect(frame).toContain('1 change between revision 0 and 2');
    expect(frame).toContain('user.role: "user" → "legacy"');
  });
});
