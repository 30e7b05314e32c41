import { describe, expect, it } from 'vitest';
import { projectEvents } from '@core/shared/projection';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { xSendingDecider, xSendingProjection, type XSendingEvent } from '@core/x-sending';

const spec = deciderSpec(xSendingDecider);
const T = (s: number) => new Date(Date.UTC(2026, 11, 1, 12, 0, s)).toISOString();
const paused: XSendingEvent = { type: 'XSendingPaused', data: { reason: 'credits_depleted', detail: 'Your enrolled account does not have any credits', at: T(1) } };

describe('PauseSending', () => {
  const pause = { type: 'PauseSending' as const, reason: 'credits_depleted' as const, detail: 'Your enrolled account does not have any credits', now: T(1) };

  it('pauses an installation that sends', () => {
    const state = spec.given().when(pause).then([paused]);
    expect(state).toEqual({ status: 'paused', reason: 'credits_depleted', detail: pause.detail, since: T(1) });
  });

  it('stays quiet when paused already (the first pause and its time stand, whoever saw it next)', () => {
    spec.given(paused).when({ ...pause, reason: 'client_not_enrolled', now: T(9) }).thenNothing();
  });

  it('pauses again after a resume', () => {
    const resumed: XSendingEvent = { type: 'XSendingResumed', data: { reason: 'credits_depleted', pausedAt: T(1), at: T(5) } };
    spec.given(paused, resumed).when({ ...pause, now: T(7) }).then([{ ...paused, data: { ...paused.data, at: T(7) } }]);
  });
});

describe('ResumeSending', () => {
  it('resumes a paused installation, saying since when it was paused', () => {
    spec.given(paused).when({ type: 'ResumeSending', now: T(30) }).then([{ type: 'XSendingResumed', data: { reason: 'credits_depleted', pausedAt: T(1), at: T(30) } }]);
  });

  it('stays quiet when sending is on', () => {
    spec.given().when({ type: 'ResumeSending', now: T(30) }).thenNothing();
  });
});

describe('x_sending projection', () => {
  it('keeps one row: paused with the reason, then on with the time it resumed', () => {
    const recorded = [paused, { type: 'XSendingResumed', data: { reason: 'credits_depleted', pausedAt: T(1), at: T(30) } } as const].map((e, i) => ({
      ...e,
      id: `e${i}`,
      streamName: 'x-sending',
      revision: BigInt(i),
      position: BigInt(i + 1),
      metadata: { actor: { kind: 'system' as const, id: 'scheduler' }, correlationId: 'c', causationId: null, time: e.data.at },
      recordedAt: e.data.at,
    }));
    const statements = projectEvents(xSendingProjection, recorded as never);
    expect(statements).toHaveLength(2);
    expect(statements[0]?.params).toMatchObject({ reason: 'credits_depleted', at: T(1) });
    expect(statements[1]?.sql).toContain("state = 'on'");
  });
});
