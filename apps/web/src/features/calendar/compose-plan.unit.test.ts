// Which call the compose panel makes for a chosen local date and time.
import { describe, expect, it } from 'vitest';
import { composePlan } from './compose-plan';

const PARIS = 'Europe/Paris';
// Monday 2 March 2026, 08:00 in Paris (07:00 UTC).
const now = new Date('2026-03-02T07:00:00.000Z');

describe('composePlan', () => {
  it('uses the classic call for a peak window next slot', () => {
    // Lunch posts at 13:00 and is still ahead today (before the 11:00 cut-off, 5 hours away).
    expect(composePlan('2026-03-02', '13:00', PARIS, now)).toEqual({ kind: 'peak', at: Date.parse('2026-03-02T12:00:00.000Z'), window: 'lunch_hour' });
    // Morning's cut-off is 7: at 08:00 the next morning slot is tomorrow's.
    expect(composePlan('2026-03-03', '09:00', PARIS, now)).toMatchObject({ kind: 'peak', window: 'morning_peak' });
  });

  it('uses the exact-time call for any other future time', () => {
    expect(composePlan('2026-03-02', '09:00', PARIS, now)).toEqual({ kind: 'exact', at: Date.parse('2026-03-02T08:00:00.000Z') });
    // Lunch on Wednesday is not the next lunch slot.
    expect(composePlan('2026-03-04', '13:00', PARIS, now)).toMatchObject({ kind: 'exact' });
  });

  it('refuses the past and what is not a date and a time', () => {
    expect(composePlan('2026-03-02', '07:59', PARIS, now)).toMatchObject({ kind: 'past' });
    expect(composePlan('2026-02-30', '10:00', PARIS, now)).toEqual({ kind: 'invalid' });
    expect(composePlan('2026-03-02', '24:00', PARIS, now)).toEqual({ kind: 'invalid' });
    expect(composePlan('', '', PARIS, now)).toEqual({ kind: 'invalid' });
  });
});
