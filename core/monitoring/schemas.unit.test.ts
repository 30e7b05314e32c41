import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  accountInputSchema,
  accountPatchSchema,
  legacyAccountInputSchema,
  legacyPinSchema,
  tierChangeSchema,
  visibilitySchema,
} from './schemas';
import { parseUsername, usernameKey, USERNAME_MESSAGES } from './username';
import { parseOrThrow } from '@core/shared/parse';
import { refusalOf } from '@core/shared/testing/refusal';

const refusal = (schema: Parameters<typeof parseOrThrow>[0], value: unknown) => {
  const { message, field } = refusalOf(schema, value);
  return { message, field };
};

describe('parseUsername', () => {
  it.each([
    ['elonmusk', 'elonmusk'],
    ['  @ElonMusk  ', 'ElonMusk'],
    ['@ jack', 'jack'],
    ['a', 'a'],
    ['abcdefghijklmno', 'abcdefghijklmno'],
    ['under_score_1', 'under_score_1'],
    ['https://x.com/naval', 'naval'],
    ['http://twitter.com/naval/', 'naval'],
    ['x.com/naval?s=21', 'naval'],
    ['www.x.com/naval#top', 'naval'],
    ['https://mobile.twitter.com/paulg/status/123456', 'paulg'],
    ['https://X.COM/@sama', 'sama'],
    ['twitter.com/naval', 'naval'],
  ])('reduces %j to %j', (raw, expected) => {
    expect(parseUsername(raw)).toEqual({ ok: true, username: expected });
  });

  it.each(['', '   ', '@'])('says %j is missing', (raw) => {
    expect(parseUsername(raw)).toEqual({ ok: false, message: USERNAME_MESSAGES.required });
  });

  it.each(['abcdefghijklmnop', 'has space', 'dash-name', 'émile', 'a.b', '@@twice'])('refuses %j with the format message', (raw) => {
    expect(parseUsername(raw)).toEqual({ ok: false, message: USERNAME_MESSAGES.format });
  });

  it.each(['https://x.com/', 'https://x.com/home', 'https://x.com/i/lists/1', 'https://example.com/naval', 'www.example.com'])(
    'refuses %j: not an X profile link',
    (raw) => {
      expect(parseUsername(raw)).toEqual({ ok: false, message: USERNAME_MESSAGES.notAProfileUrl });
    },
  );

  it('keys spellings of one username together', () => {
    expect(usernameKey('@ElonMusk ')).toBe(usernameKey('elonmusk'));
  });
});

describe('accountInputSchema (Add Account)', () => {
  it('parses the spec fields and leaves defaults to the decider', () => {
    expect(parseOrThrow(accountInputSchema, { username: ' @naval ', displayName: ' Naval ', bio: '', xUserId: '745273' })).toEqual({
      username: 'naval',
      displayName: 'Naval',
      bio: null,
      xUserId: '745273',
    });
  });

  it('accepts a numeric X id and a typed interval', () => {
    expect(parseOrThrow(accountInputSchema, { username: 'a', displayName: 'A', xUserId: 12345, monitoringInterval: '30' })).toMatchObject({
      xUserId: '12345',
      monitoringInterval: 30,
    });
  });

  it.each([
    [{ displayName: 'A' }, ACCOUNT_MESSAGES.usernameRequired, 'username'],
    [{ username: '  ', displayName: 'A' }, ACCOUNT_MESSAGES.usernameRequired, 'username'],
    [{ username: 'way_too_long_username', displayName: 'A' }, ACCOUNT_MESSAGES.usernameFormat, 'username'],
    [{ username: 'https://example.com/a', displayName: 'A' }, USERNAME_MESSAGES.notAProfileUrl, 'username'],
    [{ username: 'a' }, ACCOUNT_MESSAGES.displayNameRequired, 'displayName'],
    [{ username: 'a', displayName: '   ' }, ACCOUNT_MESSAGES.displayNameRequired, 'displayName'],
    [{ username: 'a', displayName: 'x'.repeat(51) }, ACCOUNT_MESSAGES.displayNameTooLong, 'displayName'],
    [{ username: 'a', displayName: 'A', bio: 'x'.repeat(161) }, ACCOUNT_MESSAGES.bioTooLong, 'bio'],
    [{ username: 'a', displayName: 'A', topicKeyword: 'x'.repeat(101) }, ACCOUNT_MESSAGES.topicKeywordTooLong, 'topicKeyword'],
    [{ username: 'a', displayName: 'A', xUserId: '12ab' }, ACCOUNT_MESSAGES.xUserIdInvalid, 'xUserId'],
    [{ username: 'a', displayName: 'A', xUserId: '1'.repeat(21) }, ACCOUNT_MESSAGES.xUserIdInvalid, 'xUserId'],
    [{ username: 'a', displayName: 'A', profilePicture: 'javascript:alert(1)' }, ACCOUNT_MESSAGES.profilePictureInvalid, 'profilePicture'],
    [{ username: 'a', displayName: 'A', monitoringInterval: 0 }, ACCOUNT_MESSAGES.intervalInvalid, 'monitoringInterval'],
    [{ username: 'a', displayName: 'A', monitoringInterval: 1441 }, ACCOUNT_MESSAGES.intervalInvalid, 'monitoringInterval'],
    [{ username: 'a', displayName: 'A', monitoringInterval: 2.5 }, ACCOUNT_MESSAGES.intervalInvalid, 'monitoringInterval'],
    [{ username: 'a', displayName: 'A', monitoringInterval: '' }, ACCOUNT_MESSAGES.intervalInvalid, 'monitoringInterval'],
    [{ username: 'a', displayName: 'A', monitoringTier: 'urgent' }, 'Tier must be one of high, standard or low', 'monitoringTier'],
    [{ username: 'a', displayName: 'A', isActive: 'yes' }, ACCOUNT_MESSAGES.notBoolean('isActive'), 'isActive'],
    [{ username: 'a', displayName: 'A', shouldMonitor: 1 }, ACCOUNT_MESSAGES.notBoolean('shouldMonitor'), 'shouldMonitor'],
    [{ username: 'a', displayName: 'A', adminOnly: null }, ACCOUNT_MESSAGES.notBoolean('adminOnly'), 'adminOnly'],
  ])('refuses %j with its message and field', (value, message, field) => {
    expect(refusal(accountInputSchema, value)).toEqual({ message, field });
  });

  it('lets a patch name any subset', () => {
    expect(parseOrThrow(accountPatchSchema, {})).toEqual({});
    expect(parseOrThrow(accountPatchSchema, { shouldMonitor: false })).toEqual({ shouldMonitor: false });
    expect(refusal(accountPatchSchema, { username: '' })).toEqual({ message: ACCOUNT_MESSAGES.usernameRequired, field: 'username' });
  });
});

describe('legacy mode', () => {
  it('takes a profile URL and a PIN; the display name is optional', () => {
    expect(parseOrThrow(legacyAccountInputSchema, { addedByOwner: true, pin: ' 1234 ', username: 'https://x.com/naval', displayName: '' })).toEqual({
      addedByOwner: true,
      pin: '1234',
      username: 'naval',
      displayName: null,
    });
  });

  it.each([
    [{ addedByOwner: true, pin: '1', username: '' }, ACCOUNT_MESSAGES.legacyUsernameRequired, 'username'],
    [{ addedByOwner: true, pin: '1' }, ACCOUNT_MESSAGES.legacyUsernameRequired, 'username'],
    [{ addedByOwner: true, username: 'naval' }, ACCOUNT_MESSAGES.pinRequired, 'pin'],
    [{ addedByOwner: true, pin: '  ', username: 'naval' }, ACCOUNT_MESSAGES.pinRequired, 'pin'],
  ])('refuses %j', (value, message, field) => {
    expect(refusal(legacyAccountInputSchema, value)).toEqual({ message, field });
  });

  it('asks for the PIN when verifying it', () => {
    expect(refusal(legacyPinSchema, {})).toEqual({ message: ACCOUNT_MESSAGES.pinRequired, field: 'pin' });
  });
});

describe('visibility and tier changes', () => {
  it('needs at least one visibility flag', () => {
    expect(refusal(visibilitySchema, {}).message).toBe(ACCOUNT_MESSAGES.visibilityEmpty);
    expect(parseOrThrow(visibilitySchema, { adminOnly: true })).toEqual({ adminOnly: true });
  });

  it('knows the three tiers', () => {
    expect(parseOrThrow(tierChangeSchema, { tier: 'high' })).toEqual({ tier: 'high' });
    expect(refusal(tierChangeSchema, { tier: 'max' })).toEqual({ message: 'Tier must be one of high, standard or low', field: 'tier' });
    expect(refusal(tierChangeSchema, {})).toEqual({ message: 'Tier must be one of high, standard or low', field: 'tier' });
  });
});
