import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONITORING_TIERS } from '@core/monitoring/tiers';
import { HOUR_KEYS, POLLING_PERIODS, SETTING_DEFINITIONS, type PollingPeriod } from './catalogue';
import { DEFAULT_POLLING_SETTINGS, pollingPeriodAt, pollingSettingsFrom, pollIntervalFor } from './interval';
import { currentValues, pollingSettingsDecider, type PollingSettingsState } from './settings';
import { deliveryHintKind } from '@core/scheduling/time/delivery-hints';

const MONDAY = 1;
const SATURDAY = 6;

describe('pollIntervalFor', () => {
  it('given the defaults, when a standard account is read at a weekday peak, then every 5 minutes (the forms promise 5–10)', () => {
    expect(pollIntervalFor('standard', { isoWeekday: MONDAY, hour: 8 }, DEFAULT_POLLING_SETTINGS)).toBe(5);
    expect(pollIntervalFor('standard', { isoWeekday: MONDAY, hour: 17 }, DEFAULT_POLLING_SETTINGS)).toBe(5);
  });

  it('given the defaults, when off-peak, overnight or at the weekend, then less often', () => {
    expect(pollIntervalFor('standard', { isoWeekday: MONDAY, hour: 13 }, DEFAULT_POLLING_SETTINGS)).toBe(10);
    expect(pollIntervalFor('standard', { isoWeekday: MONDAY, hour: 3 }, DEFAULT_POLLING_SETTINGS)).toBe(30);
    expect(pollIntervalFor('standard', { isoWeekday: SATURDAY, hour: 8 }, DEFAULT_POLLING_SETTINGS)).toBe(15);
    expect(pollIntervalFor('high', 'peak', DEFAULT_POLLING_SETTINGS)).toBe(2);
    expect(pollIntervalFor('low', 'overnight', DEFAULT_POLLING_SETTINGS)).toBe(60);
  });

  it('given the defaults, then the period of every weekday hour is the delivery hint the forms show', () => {
    const hintOf: Record<PollingPeriod, string> = { peak: 'peak', off_peak: 'normal', overnight: 'overnight', weekend: 'weekend' };
    for (let day = 1; day <= 7; day++) {
      for (let hour = 0; hour < 24; hour++) {
        expect(hintOf[pollingPeriodAt({ isoWeekday: day, hour }, DEFAULT_POLLING_SETTINGS)]).toBe(deliveryHintKind(day, hour));
      }
    }
  });

  it('given weekends set to follow the weekdays, when Saturday 8 AM, then the peak interval', () => {
    const settings = pollingSettingsFrom({ weekend_uses_own_intervals: 'false' });
    expect(pollIntervalFor('standard', { isoWeekday: SATURDAY, hour: 8 }, settings)).toBe(5);
  });

  it('given an overnight window that wraps midnight, then it holds on both sides of it', () => {
    const settings = pollingSettingsFrom({ [HOUR_KEYS.overnightStart]: '23', [HOUR_KEYS.overnightEnd]: '5' });
    expect(pollingPeriodAt({ isoWeekday: MONDAY, hour: 23 }, settings)).toBe('overnight');
    expect(pollingPeriodAt({ isoWeekday: MONDAY, hour: 0 }, settings)).toBe('overnight');
    expect(pollingPeriodAt({ isoWeekday: MONDAY, hour: 5 }, settings)).toBe('off_peak');
  });
});

/** Any change an admin may try: a known key and a value of any shape, with or without the step-up. */
const attempt = fc.record({
  key: fc.constantFrom(...SETTING_DEFINITIONS.map((d) => d.key)),
  value: fc.oneof(fc.integer({ min: -5, max: 1500 }).map(String), fc.constantFrom('true', 'false', '', 'x', '1.5')),
  xAdminVerified: fc.boolean(),
});

describe('property: whatever admins change, every tier is read in every period, higher tiers at least as often', () => {
  it('holds after any sequence of accepted and refused changes, at any local time', () => {
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 60 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 23 }), (attempts, isoWeekday, hour) => {
        let state: PollingSettingsState = pollingSettingsDecider.initialState();
        for (const a of attempts) {
          try {
            state = pollingSettingsDecider.decide({ type: 'ChangePollingSetting', ...a }, state).reduce(pollingSettingsDecider.evolve, state);
          } catch {
            // Refused: nothing changed.
          }
        }
        const settings = pollingSettingsFrom(currentValues(state));
        for (const period of [...POLLING_PERIODS, { isoWeekday, hour }]) {
          const [high, standard, low] = MONITORING_TIERS.map((tier) => pollIntervalFor(tier, period, settings)) as [number, number, number];
          expect(high).toBeGreaterThanOrEqual(1);
          expect(high).toBeLessThanOrEqual(standard);
          expect(standard).toBeLessThanOrEqual(low);
        }
        for (const tier of MONITORING_TIERS) for (const p of POLLING_PERIODS) expect(Number.isInteger(settings.intervals[tier][p])).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
