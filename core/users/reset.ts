/**
 * Password reset by e-mailed link: the request and reset forms' rules, and the link's token.
 * A token is `<user id>.<secret>`: the id says which stream to read, the secret (32 random bytes,
 * base64url, made by the caller) proves the link; only the secret's sha-256 is stored
 * (PasswordResetRequested), so a copy of the events cannot be turned into a working link.
 */
import { z } from 'zod';
import { LIMITS } from './constants';
import { emailField, MESSAGES, passwordLength } from './schemas';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_ANSWER = 'If an account uses that address, we have sent it a link to reset the password. The link works once, for one hour.';
export const RESET_DONE = 'Your password has been reset. Sign in with your new password.';

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/** The user id and secret of a well-formed token, or null. */
export const parseResetToken = (token: string): { userId: string; secret: string } | null => {
  const m = TOKEN.exec(token);
  return m === null ? null : { userId: m[1] as string, secret: m[2] as string };
};

export const resetToken = (userId: string, secret: string): string => `${userId}.${secret}`;

const generic = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'Required' : 'Invalid input') };
const newPassword = (message: string) =>
  z
    .string(generic)
    .refine((v) => passwordLength(v) >= LIMITS.passwordMin, message)
    .refine((v) => passwordLength(v) <= LIMITS.passwordMax, MESSAGES.passwordMax);

export const forgotPasswordSchema = z.object({ email: emailField() }, generic);

export const resetPasswordSchema = z
  .object(
    {
      token: z.string(generic).max(200, 'Invalid input'),
      newPassword: newPassword(MESSAGES.newPasswordMin),
      confirmPassword: newPassword(MESSAGES.confirmPasswordMin),
    },
    generic,
  )
  .refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
