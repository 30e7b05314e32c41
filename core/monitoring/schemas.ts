/**
 * Monitored account input (spec part 2 §3, §5): limits, defaults, messages and the zod schemas the
 * Add/Edit dialogs, the legacy-mode form, the API and the CLI share.
 *
 * Two ways to add: the standard form (admins, legacy users, users an admin allowed) and legacy
 * mode, where a PIN checked on the server lets a user add up to 3 accounts flagged addedByOwner
 * from a profile URL or @username.
 */
import { z } from 'zod';
import { monitoringTierSchema } from './tiers';
import { parseUsername, USERNAME_MESSAGES } from './username';

export const ACCOUNT_LIMITS = {
  /** X's own limits for display names and bios. */
  displayNameMax: 50,
  bioMax: 160,
  topicKeywordMax: 100,
  profilePictureMax: 1000,
  xUserIdMax: 20,
  intervalMin: 1,
  /** A day: an account polled less often than daily is not monitored in any useful sense. */
  intervalMax: 1440,
  /** Legacy mode's cap on accounts flagged addedByOwner, per user (spec §5, §9). */
  legacyOwnerMax: 3,
  pinMax: 64,
} as const;

export const ACCOUNT_MESSAGES = {
  usernameRequired: USERNAME_MESSAGES.required,
  usernameFormat: USERNAME_MESSAGES.format,
  legacyUsernameRequired: 'Please enter an X profile URL or @username',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: `Display name cannot exceed ${ACCOUNT_LIMITS.displayNameMax} characters`,
  bioTooLong: `Bio cannot exceed ${ACCOUNT_LIMITS.bioMax} characters`,
  topicKeywordTooLong: `Topic keyword cannot exceed ${ACCOUNT_LIMITS.topicKeywordMax} characters`,
  profilePictureInvalid: 'Profile picture must be an http(s) address',
  xUserIdInvalid: 'X user ID must contain only digits (at most 20)',
  intervalInvalid: `Monitoring interval must be a whole number of minutes from ${ACCOUNT_LIMITS.intervalMin} to ${ACCOUNT_LIMITS.intervalMax}`,
  notBoolean: (label: string) => `${label} must be true or false`,
  visibilityEmpty: 'Choose at least one of visibleToLegacy, visibleToNormal or adminOnly',
  notFound: 'Account not found',
  usernameTaken: 'This account is already being monitored',
  xUserNotFound: (username: string) => `No X account named @${username} was found`,
  addForbidden: 'You do not have permission to add monitored accounts',
  manageForbidden: 'Only admins can edit or delete monitored accounts',
  adminFieldsForbidden: 'Only admins can set visibility and monitoring tiers',
  pinRequired: 'Please enter the PIN.',
  pinIncorrect: 'Incorrect PIN. Please try again.',
  pinTooManyAttempts: (minutes: number) => `Too many incorrect PINs. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  legacyModeOff: 'Legacy mode is not enabled on this server',
  legacyLimitTitle: 'Limit Reached',
  legacyLimit: "You've reached the maximum limit of 3 accounts in Legacy Mode.",
  // The page's messages (spec §8).
  loadFailed: 'There was a problem loading the accounts. Please try again.',
  xAuthInterrupted: 'X API authentication was interrupted. Please reconnect your X account from My X Accounts.',
  addFailed: 'Failed to add account. Please try again.',
  updateFailed: 'Failed to update account. Please try again.',
  deleteFailed: 'Failed to delete account. Please try again.',
} as const;

/** The stored defaults of spec §3 for whatever an add did not say. */
export const ACCOUNT_DEFAULTS = {
  isActive: true,
  shouldMonitor: true,
  monitoringInterval: 15,
  monitoringTier: 'standard',
  visibleToLegacy: true,
  visibleToNormal: true,
  adminOnly: false,
  userOnly: false,
} as const;

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const flag = (label: string) => z.boolean({ error: ACCOUNT_MESSAGES.notBoolean(label) });

/** The username field: required, trimmed, @ and profile URLs reduced, then X's format. */
export const usernameField = (requiredMessage: string = USERNAME_MESSAGES.required) =>
  z.string({ error: requiredMessage }).transform((raw, ctx) => {
    const parsed = parseUsername(raw);
    if (parsed.ok) return parsed.username;
    ctx.addIssue({ code: 'custom', message: parsed.message === USERNAME_MESSAGES.required ? requiredMessage : parsed.message });
    return z.NEVER;
  });

const displayName = z
  .string({ error: ACCOUNT_MESSAGES.displayNameRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.displayNameRequired)
  .max(ACCOUNT_LIMITS.displayNameMax, ACCOUNT_MESSAGES.displayNameTooLong);

const optionalText = (max: number, message: string) =>
  z.preprocess(emptyToNull, z.string({ error: message }).trim().max(max, message).nullable());

const bio = optionalText(ACCOUNT_LIMITS.bioMax, ACCOUNT_MESSAGES.bioTooLong);
const topicKeyword = optionalText(ACCOUNT_LIMITS.topicKeywordMax, ACCOUNT_MESSAGES.topicKeywordTooLong);

const xUserId = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : emptyToNull(v)),
  z
    .string({ error: ACCOUNT_MESSAGES.xUserIdInvalid })
    .trim()
    .regex(new RegExp(`^\\d{1,${ACCOUNT_LIMITS.xUserIdMax}}$`), ACCOUNT_MESSAGES.xUserIdInvalid)
    .nullable(),
);

const profilePicture = z.preprocess(
  emptyToNull,
  z
    .string({ error: ACCOUNT_MESSAGES.profilePictureInvalid })
    .trim()
    .max(ACCOUNT_LIMITS.profilePictureMax, ACCOUNT_MESSAGES.profilePictureInvalid)
    .regex(/^https?:\/\/[^\s]+$/i, ACCOUNT_MESSAGES.profilePictureInvalid)
    .nullable(),
);

// Forms send numbers as typed text; "15" is 15, "15.5" or "" is refused.
const monitoringInterval = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: ACCOUNT_MESSAGES.intervalInvalid })
    .int(ACCOUNT_MESSAGES.intervalInvalid)
    .min(ACCOUNT_LIMITS.intervalMin, ACCOUNT_MESSAGES.intervalInvalid)
    .max(ACCOUNT_LIMITS.intervalMax, ACCOUNT_MESSAGES.intervalInvalid),
);

const visibilityShape = {
  visibleToLegacy: flag('visibleToLegacy').optional(),
  visibleToNormal: flag('visibleToNormal').optional(),
  adminOnly: flag('adminOnly').optional(),
};

/** POST /api/accounts (the Add Account dialog). Omitted optional fields take the stored defaults. */
export const accountInputSchema = z.object({
  username: usernameField(),
  displayName,
  bio: bio.optional(),
  xUserId: xUserId.optional(),
  topicKeyword: topicKeyword.optional(),
  profilePicture: profilePicture.optional(),
  isActive: flag('isActive').optional(),
  shouldMonitor: flag('shouldMonitor').optional(),
  monitoringInterval: monitoringInterval.optional(),
  monitoringTier: monitoringTierSchema.optional(),
  userOnly: flag('userOnly').optional(),
  ...visibilityShape,
});
export type AccountInput = z.output<typeof accountInputSchema>;

/** PUT /api/accounts/{id} (the Edit Account dialog): any subset; omitted fields keep their value. */
export const accountPatchSchema = accountInputSchema.partial();
export type AccountPatch = z.output<typeof accountPatchSchema>;

/**
 * POST /api/accounts with addedByOwner: true (legacy mode). The display name defaults to the name
 * X gives, or the username; `isMonitored` is the legacy form's name for shouldMonitor.
 */
export const legacyAccountInputSchema = z.object({
  addedByOwner: z.literal(true),
  pin: z
    .string({ error: ACCOUNT_MESSAGES.pinRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.pinRequired)
    .max(ACCOUNT_LIMITS.pinMax, ACCOUNT_MESSAGES.pinIncorrect),
  username: usernameField(ACCOUNT_MESSAGES.legacyUsernameRequired),
  displayName: z.preprocess(emptyToNull, displayName.nullable()).optional(),
  isMonitored: flag('isMonitored').optional(),
  userOnly: flag('userOnly').optional(),
});
export type LegacyAccountInput = z.output<typeof legacyAccountInputSchema>;

/** POST /api/accounts/legacy/verify-pin: unlocks the legacy form (the PIN is checked again on add). */
export const legacyPinSchema = z.object({
  pin: z
    .string({ error: ACCOUNT_MESSAGES.pinRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.pinRequired)
    .max(ACCOUNT_LIMITS.pinMax, ACCOUNT_MESSAGES.pinIncorrect),
});

/** PATCH /api/accounts/{id}/visibility. */
export const visibilitySchema = z
  .object(visibilityShape)
  .refine((v) => v.visibleToLegacy !== undefined || v.visibleToNormal !== undefined || v.adminOnly !== undefined, {
    message: ACCOUNT_MESSAGES.visibilityEmpty,
  });
export type VisibilityChange = z.output<typeof visibilitySchema>;

/** PATCH /api/accounts/{id}/tier (and the admin tier page). */
export const tierChangeSchema = z.object({ tier: monitoringTierSchema });
