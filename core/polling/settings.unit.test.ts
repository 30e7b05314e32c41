import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { DEFAULT_VALUES, intervalKey, SETTING_DEFINITIONS } from './catalogue';
import { currentValues, pollingSettingsDecider, type PollingSettingsCommand, type PollingSettingsEvent } from './settings';
import { POLLING_MESSAGES } from './messages';

const spec = deciderSpec(pollingSettingsDecider);
const change = (key: string, value: string, xAdminVerified = false): PollingSettingsCommand => ({ type: 'ChangePollingSetting', key, value, xAdminVerified });
const changed = (key: string, value: string, previous: string): PollingSettingsEvent => ({ type: 'PollingSettingChanged', data: { key, value, previous } });

describe('ChangePollingSetting', () => {
  it('emits the change with the value it replaces (the default when never changed)', () => {
    const state = spec.given().when(change('morning_peak_start_hour', '8')).then([changed('morning_peak_start_hour', '8', '7')]);
    expect(currentValues(state).morning_peak_start_hour).toBe('8');
    spec.given(changed('morning_peak_start_hour', '8', '7')).when(change('morning_peak_start_hour', '9')).then([changed('morning_peak_start_hour', '9', '8')]);
    spec.given().when(change('poll_unused_accounts', 'true')).then([changed('poll_unused_accounts', 'true', 'false')]);
    spec.given().when(change(intervalKey('standard', 'peak'), ' 6 ', true)).then([changed('interval_standard_peak', '6', '5')]);
  });

  it('refuses an unknown key, a protected setting without the step-up, and a value of the wrong type or out of bounds', () => {
    spec.given().when(change('no_such_setting', '1')).thenRefuses('not_found', POLLING_MESSAGES.notFound);
    spec.given().when(change(intervalKey('high', 'peak'), '3')).thenRefuses('forbidden', POLLING_MESSAGES.authRequiredSetting);
    const cases: [string, string, string][] = [
      ['morning_peak_start_hour', '24', 'Morning peak starts must be a whole number from 0 to 23'],
      ['morning_peak_start_hour', '-1', 'Morning peak starts must be a whole number from 0 to 23'],
      ['morning_peak_start_hour', '7.5', 'Morning peak starts must be a whole number from 0 to 23'],
      ['morning_peak_start_hour', 'seven', 'Morning peak starts must be a whole number from 0 to 23'],
      ['accounts_per_search', '0', 'Accounts per search must be a whole number from 1 to 20'],
      [intervalKey('low', 'overnight'), '0', 'Low tier · Overnight must be a whole number from 1 to 1440'],
      [intervalKey('low', 'overnight'), '', 'Low tier · Overnight must be a whole number from 1 to 1440'],
      ['poll_unused_accounts', 'yes', 'Read accounts no schedule uses must be true or false'],
    ];
    for (const [key, value, message] of cases) {
      const error = spec.given().when(change(key, value, true)).thenRefuses('validation', message);
      expect(error.field).toBe('value');
    }
  });

  it('refuses a change that would read a lower tier more often than a higher one', () => {
    const error = spec
      .given()
      .when(change(intervalKey('high', 'peak'), '6', true))
      .thenRefuses('validation', 'High tier must be read at least as often as Standard tier during peak hours (high 6, standard 5 minutes)');
    expect(error.field).toBe('value');
    spec.given().when(change(intervalKey('low', 'weekend'), '14', true)).thenRefuses('validation', /Standard tier must be read at least as often as Low tier/);
  });

  it('stays quiet when the value is the one held', () => {
    spec.given().when(change('morning_peak_start_hour', '7')).thenNothing();
    spec.given().when(change('morning_peak_start_hour', '07')).thenNothing();
    spec.given(changed('poll_unused_accounts', 'true', 'false')).when(change('poll_unused_accounts', 'true')).thenNothing();
  });
});

describe('the catalogue', () => {
  it('has unique keys, and every default passes its own validation', () => {
    expect(new Set(SETTING_DEFINITIONS.map((d) => d.key)).size).toBe(SETTING_DEFINITIONS.length);
    for (const d of SETTING_DEFINITIONS) spec.given().when(change(d.key, DEFAULT_VALUES[d.key]!, true)).thenNothing();
  });
});
