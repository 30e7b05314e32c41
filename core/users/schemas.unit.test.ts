import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AppError } from '@core/shared/errors';
import { firstIssue, parseOrThrow } from '@core/shared/parse';
import {
  changePasswordRequestSchema,
  changePasswordSchema,
  emailSchema,
  firstPasswordSchema,
  loginSchema,
  MESSAGES,
  permissionSchema,
  profileUpdateSchema,
  registerSchema,
  setRoleSchema,
} from './schemas';

/** Every { field: message } the schema reports for the input (first message per field). */
const problems = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.') || '_'] ??= issue.message;
  return out;
};

const validRegistration = {
  email: 'alice@example.com',
  username: 'alice_1',
  fullName: 'Alice Liddell',
  password: 'secret-1',
  confirmPassword: 'secret-1',
};

describe('loginSchema', () => {
  it('accepts a username and a password of 6 characters (passwords chosen under the older rule still sign in)', () => {
    expect(loginSchema.parse({ username: ' alice ', password: 'secret' })).toEqual({ username: 'alice', password: 'secret' });
  });
  it('says Required for a missing or blank username, and the minimum for a short password', () => {
    expect(problems(loginSchema, { password: 'secret' })).toEqual({ username: 'Required' });
    expect(problems(loginSchema, { username: ' ', password: '12345' })).toEqual({
      username: 'Required',
      password: 'Password must be at least 6 characters',
    });
  });
  it("says 'Invalid input' for a value of the wrong type", () => {
    expect(problems(loginSchema, { username: 42, password: 'secret' })).toEqual({ username: 'Invalid input' });
  });
});

describe('registerSchema', () => {
  it('accepts a valid registration, trims texts and drops blanks', () => {
    expect(registerSchema.parse({ ...validRegistration, email: ' alice@example.com ', fullName: '', xUserId: '' })).toEqual({
      ...validRegistration,
      fullName: undefined,
      xUserId: undefined,
    });
    expect(registerSchema.parse({ ...validRegistration, timeZone: 'America/New_York', xUserId: '123' })).toMatchObject({
      timeZone: 'America/New_York',
      xUserId: '123',
    });
    // One zone, one spelling.
    expect(registerSchema.parse({ ...validRegistration, timeZone: ' europe/paris ' }).timeZone).toBe('Europe/Paris');
  });
  it('gives each rule its message', () => {
    expect(problems(registerSchema, { ...validRegistration, email: 'nope' })).toEqual({ email: MESSAGES.email });
    expect(problems(registerSchema, { ...validRegistration, email: `${'a'.repeat(250)}@example.com` })).toEqual({
      email: 'Email must be at most 255 characters',
    });
    expect(problems(registerSchema, { ...validRegistration, username: 'al' })).toEqual({
      username: 'Username must be at least 3 characters',
    });
    expect(problems(registerSchema, { ...validRegistration, username: 'a'.repeat(51) })).toEqual({
      username: 'Username must be at most 50 characters',
    });
    expect(problems(registerSchema, { ...validRegistration, username: 'al ice' })).toEqual({
      username: 'Username may only contain letters, numbers, dots, hyphens and underscores',
    });
    expect(problems(registerSchema, { ...validRegistration, fullName: 'x'.repeat(101) })).toEqual({
      fullName: 'Full name must be at most 100 characters',
    });
    expect(problems(registerSchema, { ...validRegistration, password: '1234567', confirmPassword: '1234567' })).toMatchObject({
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Confirm password must be at least 8 characters',
    });
    expect(problems(registerSchema, { ...validRegistration, timeZone: 'Mars/Base' })).toEqual({ timeZone: 'Unknown time zone' });
    expect(problems(registerSchema, { ...validRegistration, timeZone: '+02:00' })).toEqual({ timeZone: 'Unknown time zone' });
  });
  it('follows NIST SP 800-63B: 8 to 256 code points, any characters, no composition rules', () => {
    const ok = (password: string) => registerSchema.safeParse({ ...validRegistration, password, confirmPassword: password }).success;
    expect(ok('aaaaaaaa')).toBe(true);
    expect(ok('        ')).toBe(true);
    expect(ok('пароль12')).toBe(true);
    expect(ok('x'.repeat(256))).toBe(true);
    expect(ok('x'.repeat(257))).toBe(false);
    expect(problems(registerSchema, { ...validRegistration, password: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) })).toMatchObject({
      password: 'Password must be at most 256 characters',
    });
    // Four emoji are 8 UTF-16 units but 4 characters.
    expect(ok('😀😀😀😀')).toBe(false);
    expect(ok('😀😀😀😀😀😀😀😀')).toBe(true);
  });
  it("puts 'Passwords do not match' on confirmPassword", () => {
    expect(problems(registerSchema, { ...validRegistration, confirmPassword: 'secret-2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
  it('says Required for each missing field', () => {
    expect(problems(registerSchema, {})).toEqual({
      email: 'Required',
      username: 'Required',
      password: 'Required',
      confirmPassword: 'Required',
    });
  });
});

describe('profileUpdateSchema', () => {
  it('accepts an empty update and treats blank inputs as untouched or cleared', () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(profileUpdateSchema.parse({ username: '', email: ' ', timeZone: '', newPassword: '', fullName: '', profilePicture: '' })).toEqual({
      fullName: null,
      profilePicture: null,
    });
  });
  it('validates each field it is given', () => {
    expect(problems(profileUpdateSchema, { email: 'nope' })).toEqual({ email: MESSAGES.email });
    expect(problems(profileUpdateSchema, { username: 'ab' })).toEqual({ username: 'Username must be at least 3 characters' });
    expect(problems(profileUpdateSchema, { name: 'n'.repeat(101) })).toEqual({ name: 'Name must be at most 100 characters' });
    expect(problems(profileUpdateSchema, { profilePicture: `https://x.test/${'p'.repeat(1000)}` })).toEqual({
      profilePicture: 'Profile picture must be at most 1000 characters',
    });
    expect(problems(profileUpdateSchema, { profilePicture: 'javascript:alert(1)' })).toEqual({
      profilePicture: 'Profile picture must be an http or https link',
    });
    expect(problems(profileUpdateSchema, { timeZone: 'Nowhere/City' })).toEqual({ timeZone: 'Unknown time zone' });
  });
  it('requires the current password and a matching confirmation with a new password', () => {
    const rule = { confirmPassword: 'New password and confirmation must match, and current password is required' };
    expect(problems(profileUpdateSchema, { newPassword: 'secret-2', confirmPassword: 'secret-2' })).toEqual(rule);
    expect(problems(profileUpdateSchema, { newPassword: 'secret-2', currentPassword: 'secret-1', confirmPassword: 'other-22' })).toEqual(rule);
    expect(problems(profileUpdateSchema, { newPassword: 'short', currentPassword: 'secret-1', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
    expect(profileUpdateSchema.parse({ newPassword: 'secret-2', currentPassword: 'secret-1', confirmPassword: 'secret-2' })).toEqual({
      newPassword: 'secret-2',
      currentPassword: 'secret-1',
      confirmPassword: 'secret-2',
    });
  });
});

describe('changePasswordSchema', () => {
  it('gives the spec messages', () => {
    expect(problems(changePasswordSchema, { currentPassword: '', newPassword: '12345', confirmPassword: '123' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 8 characters',
      confirmPassword: 'Confirm password must be at least 8 characters',
    });
    expect(problems(changePasswordSchema, { currentPassword: 'old', newPassword: 'secret-2', confirmPassword: 'secret-3' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'secret-2', confirmPassword: 'secret-2' }).success).toBe(true);
  });
  it('has a first-password variant without the current password', () => {
    expect(problems(firstPasswordSchema, { newPassword: 'secret-2', confirmPassword: 'secret-3' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(firstPasswordSchema.safeParse({ newPassword: 'secret-2', confirmPassword: 'secret-2' }).success).toBe(true);
  });
  it('takes the API body of spec §7 (current and new; confirmation optional but checked)', () => {
    expect(changePasswordRequestSchema.parse({ currentPassword: 'old', newPassword: 'secret-2' })).toEqual({
      currentPassword: 'old',
      newPassword: 'secret-2',
    });
    expect(changePasswordRequestSchema.parse({ newPassword: 'secret-2' })).toEqual({ newPassword: 'secret-2' });
    expect(problems(changePasswordRequestSchema, { newPassword: '123' })).toEqual({
      newPassword: 'New password must be at least 8 characters',
    });
    expect(problems(changePasswordRequestSchema, { newPassword: 'secret-2', confirmPassword: 'nope-222' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});

describe('emailSchema', () => {
  it('defaults subscribedToUpdates to false', () => {
    expect(emailSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co', subscribedToUpdates: false });
    expect(emailSchema.parse({ email: 'a@b.co', subscribedToUpdates: true })).toEqual({ email: 'a@b.co', subscribedToUpdates: true });
  });
  it("says 'Please enter a valid email address'", () => {
    expect(problems(emailSchema, { email: 'a@b' })).toEqual({ email: 'Please enter a valid email address' });
    expect(problems(emailSchema, { email: 'a@b.co', subscribedToUpdates: 'yes' })).toEqual({ subscribedToUpdates: 'Invalid input' });
  });
});

describe('admin schemas', () => {
  it('accept the three roles and the known permission only', () => {
    expect(setRoleSchema.parse({ role: 'legacy' })).toEqual({ role: 'legacy' });
    expect(problems(setRoleSchema, { role: 'root' })).toEqual({ role: 'Invalid input' });
    expect(problems(setRoleSchema, {})).toEqual({ role: 'Required' });
    expect(permissionSchema.parse('may_add_monitored_accounts')).toBe('may_add_monitored_accounts');
  });
});

describe('firstIssue and parseOrThrow', () => {
  it('answer the first message with its field, for the API error shape', () => {
    const result = registerSchema.safeParse({ ...validRegistration, confirmPassword: 'secret-2' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssue(result.error)).toEqual({ message: 'Passwords do not match', field: 'confirmPassword' });
    const whole = loginSchema.safeParse('not an object');
    if (!whole.success) expect(firstIssue(whole.error)).toEqual({ message: 'Invalid input' });
  });
  it('parseOrThrow returns the parsed value or throws a validation AppError', () => {
    expect(parseOrThrow(emailSchema, { email: 'a@b.co' })).toEqual({ email: 'a@b.co', subscribedToUpdates: false });
    try {
      parseOrThrow(emailSchema, { email: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'validation', message: 'Please enter a valid email address', field: 'email' });
    }
  });
});
