/**
 * Validation rules and messages of spec part 1 §5, shared by the web forms, the API and the CLI.
 * Texts are trimmed (except passwords, which are taken as typed). A missing field says 'Required'
 * and a value of the wrong type 'Invalid input', the spec's generic defaults.
 */
import { z } from 'zod';
import { LIMITS, PERMISSIONS, ROLES } from './constants';
import { TIERS } from './tier';
import { canonicalTimeZone, isValidTimeZone } from './time';

const generic = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'Required' : 'Invalid input') };

export const MESSAGES = {
  required: 'Required',
  email: 'Please enter a valid email address',
  emailMax: `Email must be at most ${LIMITS.email} characters`,
  usernameMin: `Username must be at least ${LIMITS.usernameMin} characters`,
  usernameMax: `Username must be at most ${LIMITS.username} characters`,
  usernameCharset: 'Username may only contain letters, numbers, dots, hyphens and underscores',
  fullNameMax: `Full name must be at most ${LIMITS.fullName} characters`,
  nameMax: `Name must be at most ${LIMITS.name} characters`,
  profilePictureMax: `Profile picture must be at most ${LIMITS.profilePicture} characters`,
  profilePictureUrl: 'Profile picture must be an http or https link',
  passwordMin: `Password must be at least ${LIMITS.passwordMin} characters`,
  passwordMax: `Password must be at most ${LIMITS.passwordMax} characters`,
  loginPasswordMin: `Password must be at least ${LIMITS.loginPasswordMin} characters`,
  confirmPasswordMin: `Confirm password must be at least ${LIMITS.passwordMin} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  newPasswordMin: `New password must be at least ${LIMITS.passwordMin} characters`,
  profilePasswordRule: 'New password and confirmation must match, and current password is required',
  timeZone: 'Unknown time zone',
} as const;

const text = () => z.string(generic);
/** A request body: anything but an object is 'Invalid input' (or 'Required' when absent). */
const object = <T extends z.ZodRawShape>(shape: T) => z.object(shape, generic);
/** Length in Unicode code points, as NIST asks (UTF-16 units would count an emoji twice). */
export const passwordLength = (password: string): number => [...password].length;
/** A password as typed (never trimmed): its length is the only rule. */
const passwordOf = (minimum: number, min: string) =>
  z
    .string(generic)
    .refine((v) => passwordLength(v) >= minimum, min)
    .refine((v) => passwordLength(v) <= LIMITS.passwordMax, MESSAGES.passwordMax);
const password = (min: string) => passwordOf(LIMITS.passwordMin, min);
/** '' (an untouched input) counts as absent. */
const blankToUndefined = (v: string | undefined) => (v === '' ? undefined : v);
/** An optional field where '' (after trimming) means absent, checked by `schema` otherwise. */
const optionalUnlessBlank = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
/** '' clears a clearable field: it becomes null. */
const blankToNull = (v: string | null | undefined) => (v === '' ? null : v);

export const emailField = () => text().trim().max(LIMITS.email, MESSAGES.emailMax).pipe(z.email(MESSAGES.email));

export const usernameField = () =>
  text()
    .trim()
    .min(LIMITS.usernameMin, MESSAGES.usernameMin)
    .max(LIMITS.username, MESSAGES.usernameMax)
    .regex(/^[A-Za-z0-9_.-]*$/, MESSAGES.usernameCharset);

export const timeZoneField = () =>
  text()
    .trim()
    .refine(isValidTimeZone, MESSAGES.timeZone)
    .transform((zone) => canonicalTimeZone(zone) ?? zone);

const profilePictureField = () =>
  text()
    .trim()
    .max(LIMITS.profilePicture, MESSAGES.profilePictureMax)
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), MESSAGES.profilePictureUrl);

export const loginSchema = object({
  username: text().trim().min(1, MESSAGES.required),
  password: passwordOf(LIMITS.loginPasswordMin, MESSAGES.loginPasswordMin),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = object({
  email: emailField(),
  username: usernameField(),
  fullName: text().trim().max(LIMITS.fullName, MESSAGES.fullNameMax).optional().transform(blankToUndefined),
  password: password(MESSAGES.passwordMin),
  confirmPassword: password(MESSAGES.confirmPasswordMin),
  xUserId: text().trim().optional().transform(blankToUndefined),
  timeZone: timeZoneField().optional(),
}).refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * PUT /api/auth/profile. Every field is optional; '' in a text input means "leave as is" for
 * username, e-mail, time zone and passwords, and "clear" for full name, name and picture.
 */
export const profileUpdateSchema = object({
  fullName: text().trim().max(LIMITS.fullName, MESSAGES.fullNameMax).nullable().optional().transform(blankToNull),
  name: text().trim().max(LIMITS.name, MESSAGES.nameMax).nullable().optional().transform(blankToNull),
  username: optionalUnlessBlank(usernameField()),
  email: optionalUnlessBlank(emailField()),
  profilePicture: profilePictureField().nullable().optional().transform(blankToNull),
  timeZone: optionalUnlessBlank(timeZoneField()),
  currentPassword: z.string(generic).optional().transform(blankToUndefined),
  newPassword: z.preprocess((v) => (v === '' ? undefined : v), password(MESSAGES.passwordMin).optional()),
  confirmPassword: z.string(generic).optional().transform(blankToUndefined),
}).superRefine((v, ctx) => {
  if (v.newPassword === undefined) return;
  if (v.currentPassword === undefined || v.confirmPassword !== v.newPassword) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.profilePasswordRule, path: ['confirmPassword'] });
  }
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** The Change Password dialog (spec part 1 §5). */
export const changePasswordSchema = object({
  currentPassword: z.string(generic).min(1, MESSAGES.currentPasswordRequired),
  newPassword: password(MESSAGES.newPasswordMin),
  confirmPassword: password(MESSAGES.confirmPasswordMin),
}).refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The same dialog for an account without a password yet (X sign-up): no current password. */
export const firstPasswordSchema = object({
  newPassword: password(MESSAGES.newPasswordMin),
  confirmPassword: password(MESSAGES.confirmPasswordMin),
}).refine((v) => v.newPassword === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });

/**
 * PUT /api/auth/change-password body (spec part 1 §7 sends currentPassword and newPassword). The
 * current password is optional here because an account without one (X sign-up) sets its first
 * password; the route requires it ('Current password is required') whenever the user has one.
 */
export const changePasswordRequestSchema = object({
  currentPassword: z.string(generic).optional().transform(blankToUndefined),
  newPassword: password(MESSAGES.newPasswordMin),
  confirmPassword: z.string(generic).optional(),
}).refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
  message: MESSAGES.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The email-collection dialog and POST /api/user/email. */
export const emailSchema = object({
  email: emailField(),
  subscribedToUpdates: z.boolean(generic).default(false),
  /** Needed only to replace an address the account already has (apps/server/src/users/reauth.ts). */
  currentPassword: z.string(generic).optional().transform(blankToUndefined),
});
export type EmailInput = z.infer<typeof emailSchema>;

/** Admin: PUT a user's role. */
export const setRoleSchema = object({ role: z.enum(ROLES, generic) });
export const permissionSchema = z.enum(PERMISSIONS, generic);

/** Admin: the Users page's search (GET /api/admin/users): words in the name or e-mail, a role, a plan. */
export const adminUserSearchSchema = object({
  q: z.string(generic).trim().max(100, 'Search must be at most 100 characters').optional(),
  role: z.enum(ROLES, generic).optional(),
  tier: z.enum(TIERS, generic).optional(),
});
export type AdminUserSearch = z.infer<typeof adminUserSearchSchema>;

/** What an admin may set as a user's plan: Premium until a day (UTC, inclusive), or no plan. */
export const ADMIN_PLANS = ['premium', 'none'] as const;
export type AdminPlan = (typeof ADMIN_PLANS)[number];
export const PLAN_MESSAGES = {
  untilRequired: 'Choose the last day of the Premium plan',
  untilFormat: 'The last day is a date like 2027-01-31',
} as const;

/** Admin: PUT a user's plan. `until` is the plan's last day, required for Premium. */
export const setPlanSchema = object({
  plan: z.enum(ADMIN_PLANS, generic),
  until: z.string(generic).trim().regex(/^\d{4}-\d{2}-\d{2}$/, PLAN_MESSAGES.untilFormat).optional(),
}).superRefine((value, ctx) => {
  if (value.plan === 'premium' && value.until === undefined) ctx.addIssue({ code: 'custom', path: ['until'], message: PLAN_MESSAGES.untilRequired });
  // 2027-02-31 has the shape of a date but is none.
  const day = value.until === undefined ? null : new Date(`${value.until}T00:00:00Z`);
  if (day !== null && (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value.until)) {
    ctx.addIssue({ code: 'custom', path: ['until'], message: PLAN_MESSAGES.untilFormat });
  }
});
export type SetPlanInput = z.infer<typeof setPlanSchema>;

/** The end of a plan's last day, as the decider stores it. */
export const planEndOf = (until: string): string => `${until}T23:59:59.999Z`;

/** Admin: PUT whether a user may sign in. */
export const setActiveSchema = object({ active: z.boolean(generic) });
