import { describe, expect, it } from 'vitest';
import { LATE_AFTER_MS, LATE_TEXT, runState, type LatestRunView, type RunFacts } from './run-state';

const due = '2026-11-27T10:00:00.000Z';
const dueMs = Date.parse(due);
const facts = (over: Partial<RunFacts> = {}): RunFacts => ({
  isActive: true,
  isExecuted: false,
  scheduleType: 'scheduled',
  nextRunTime: due,
  targetUsername: 'naval',
  latestRun: null,
  ...over,
});
const run = (over: Partial<LatestRunView>): LatestRunView => ({
  slot: '2026-11-26T10:00:00.000Z',
  status: 'sent',
  statusMessage: null,
  replyPostId: null,
  connectedUsername: null,
  replyUrl: null,
  intentUrl: null,
  sentAt: null,
  postCreatedAt: null,
  ...over,
});

describe('runState', () => {
  it('waits for the target\'s next post past its time, up to the rule\'s wait, and is late only after that', () => {
    const next = facts({ targetPost: { kind: 'next', waitMinutes: 60 } });
    const until = new Date(dueMs + 60 * 60_000).toISOString();
    expect(runState(next, dueMs - 60_000).next).toEqual({ kind: 'upcoming', at: due });
    expect(runState(next, dueMs + 30 * 60_000).next).toEqual({ kind: 'waiting', text: 'Waiting for the next post of @naval', until });
    expect(runState(next, dueMs + 60 * 60_000 + LATE_AFTER_MS + 1).next).toEqual({ kind: 'late', dueAt: due, text: LATE_TEXT });
    // The freshest post at that time: no wait, late as any run.
    expect(runState(facts({ targetPost: { kind: 'freshest', waitMinutes: null } }), dueMs + LATE_AFTER_MS + 1).next.kind).toBe('late');
  });


  it('shows the next run while its time has not come, and just after it (the scheduler looks every second)', () => {
    expect(runState(facts(), dueMs - 60_000).next).toEqual({ kind: 'upcoming', at: due });
    expect(runState(facts(), dueMs + LATE_AFTER_MS).next).toEqual({ kind: 'upcoming', at: due });
  });

  it("says 'Late: the scheduler has not run it yet' once the run is overdue with nothing recorded", () => {
    expect(runState(facts(), dueMs + LATE_AFTER_MS + 1).next).toEqual({ kind: 'late', dueAt: due, text: LATE_TEXT });
    expect(LATE_TEXT).toBe('Late: the scheduler has not run it yet');
  });

  it('is not late when the run of that slot is recorded, nor when the schedule is inactive or executed', () => {
    const now = dueMs + 10 * 60_000;
    expect(runState(facts({ latestRun: run({ slot: due, status: 'sending' }) }), now).next.kind).toBe('upcoming');
    expect(runState(facts({ isActive: false }), now).next.kind).toBe('none');
    expect(runState(facts({ isExecuted: true, nextRunTime: null }), now).next.kind).toBe('none');
  });

  it('shows a sent reply with its link, a ready one with X composer, a failure with its reason in plain words', () => {
    const sent = runState(facts({ latestRun: run({ status: 'sent', replyUrl: 'https://x.com/me/status/1', sentAt: '2026-11-26T10:00:05.000Z', postCreatedAt: '2026-11-26T09:58:05.000Z' }) }), dueMs);
    expect(sent.last).toEqual({
      label: 'Sent',
      status: 'sent',
      variant: 'success',
      reason: null,
      link: { href: 'https://x.com/me/status/1', text: 'View reply on X' },
      at: '2026-11-26T10:00:05.000Z',
      // What the card says of the post's time (postTimeWords): how soon after the post it went out.
      post: { status: 'sent', postCreatedAt: '2026-11-26T09:58:05.000Z', sentAt: '2026-11-26T10:00:05.000Z' },
    });
    const ready = runState(facts({ latestRun: run({ status: 'ready', intentUrl: 'https://x.com/intent/post?x=1' }) }), dueMs);
    expect(ready.last).toMatchObject({ label: 'Ready to send', link: { text: 'Post on X' }, reason: 'Ready for you to post on X' });
    // The links name X as the app does ('Sandbox X' when it is emulated).
    expect(runState(facts({ latestRun: run({ status: 'sent', replyUrl: 'https://x.com/me/status/1' }) }), dueMs, 'Sandbox X').last?.link?.text).toBe('View reply on Sandbox X');
    const failed = runState(facts({ latestRun: run({ status: 'post_unavailable' }) }), dueMs);
    expect(failed.last).toMatchObject({ label: 'Post unavailable', variant: 'destructive', reason: 'The post is deleted or not visible to this account', link: null });
    const skipped = runState(facts({ latestRun: run({ status: 'skipped', statusMessage: 'Missed while Riposte was offline' }) }), dueMs);
    expect(skipped.last).toMatchObject({ label: 'Skipped', reason: 'Missed while Riposte was offline' });
    expect(runState(facts({ latestRun: run({ status: 'expired' }) }), dueMs).last).toMatchObject({ label: 'Expired' });
    expect(runState(facts({ latestRun: run({ status: 'unconfirmed' }) }), dueMs).last).toMatchObject({ label: 'Unconfirmed', variant: 'attention' });
  });

  it('says what an auto schedule waits for', () => {
    expect(runState(facts({ scheduleType: 'auto', nextRunTime: null }), dueMs).next).toEqual({ kind: 'waiting', text: 'Waiting for @naval to post' });
  });
});
