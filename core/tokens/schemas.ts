/**
 * Personal access tokens: what a user may ask for when making one (Settings → API tokens, and
 * POST /api/tokens). One schema for the web form and the API, so the messages match.
 */
import { z } from 'zod';

export const TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKEN_LIMITS = { nameMax: 100, expiresInDaysMax: 365, livePerUser: 25 } as const;

export const TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name',
  nameTooLong: `The name may have at most ${TOKEN_LIMITS.nameMax} characters`,
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: 'A scope is read, write or admin',
  adminScopeForAdmins: 'Only admins may give a token the admin scope',
  expiry: `Expiry is a number of days from 1 to ${TOKEN_LIMITS.expiresInDaysMax}, or none`,
  notFound: 'Token not found',
  tooMany: `You have ${TOKEN_LIMITS.livePerUser} live tokens; revoke one first`,
} as const;

const M = TOKEN_MESSAGES;

export const tokenInputSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(TOKEN_LIMITS.nameMax, M.nameTooLong),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: M.scopeUnknown }), { error: M.scopesRequired })
    .min(1, M.scopesRequired)
    .max(TOKEN_SCOPES.length, M.scopesRequired)
    .transform((scopes) => TOKEN_SCOPES.filter((s) => scopes.includes(s))),
  /** Days from now; null: the token never expires. */
  expiresInDays: z
    .number({ error: M.expiry })
    .int(M.expiry)
    .min(1, M.expiry)
    .max(TOKEN_LIMITS.expiresInDaysMax, M.expiry)
    .nullable(),
});
export type TokenInput = z.output<typeof tokenInputSchema>;

/** POST /api/tokens: the token, and the fresh proof minting asks for (core/users/ways-in.ts; an account without a password has none to give). */
export const tokenCreateRequestSchema = tokenInputSchema.extend({
  currentPassword: z.string().optional().transform((v) => (v === '' ? undefined : v)),
});
