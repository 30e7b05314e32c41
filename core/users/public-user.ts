/**
 * The user as the API returns it (auth status, login, register, profile, admin lists): every
 * stored field except the password hash and the internal list of counted replies, plus what
 * depends on the time of asking (tier, effective premium and trial) and `hasPassword`, which tells
 * the web app whether the Change Password dialog must ask for a current password.
 */
import { z } from 'zod';
import { describes } from '@core/shared/response-schema';
import { CLASSIC_STYLES } from '@core/styles';
import { PERMISSIONS, ROLES } from './constants';
import type { User } from './state';
import { deriveTier, TIERS, trialStatus, type Tier, type TierConfig } from './tier';
import type { Instant } from './time';

/** Every stored field but the secrets and the internal bookkeeping, plus what the time of asking decides. */
export interface PublicUser extends Omit<User, 'passwordHash' | 'trialReplyIds' | 'createdBy' | 'passwordReset' | 'emailProven' | 'passwordChangedAt'> {
  /** Trial replies left now (0 once the trial is over, by replies or by time). */
  repliesRemaining: number;
  /** Premium now (false after the end date even before PremiumEnded is recorded). */
  isPremium: boolean;
  /** Trial active now: fewer than 25 replies used and less than 7 days since sign-up. */
  trialActive: boolean;
  hasPassword: boolean;
  tier: Tier;
  trialEndsAt: Instant;
}

/** The user as every call answers it (GET /api/auth/status, login, profile ...; openapi: responds). */
export const publicUserSchema = describes<PublicUser>()(
  z.object({
    id: z.string(),
    username: z.string(),
    email: z.string().nullable(),
    fullName: z.string().nullable(),
    name: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    isActive: z.boolean(),
    lastLogin: z.string().nullable(),
    role: z.enum(ROLES),
    passwordChangeRequired: z.boolean(),
    repliesRemaining: z.number().int(),
    isPremium: z.boolean(),
    trialActive: z.boolean(),
    subscriptionId: z.string().nullable(),
    subscriptionStatus: z.enum(['active', 'expired', 'cancelled', 'refunded']).nullable(),
    subscriptionEndDate: z.string().nullable(),
    subscribedToUpdates: z.boolean(),
    xUserId: z.string().nullable(),
    profilePicture: z.string().nullable(),
    timeZone: z.string(),
    permissions: z.array(z.enum(PERMISSIONS)),
    preferences: z.object({
      emailOnFailedReply: z.boolean(),
      weeklySummary: z.boolean(),
      hourlyCap: z.number().int().nullable(),
      defaultStyle: z.enum(CLASSIC_STYLES).nullable(),
    }),
    hasPassword: z.boolean(),
    tier: z.enum(TIERS),
    trialEndsAt: z.string(),
  }),
);

/** The decider's User, or a read-model row turned back into one (`userFromRow`). */
export type PublicUserSource = Omit<User, 'trialReplyIds' | 'createdBy' | 'passwordReset' | 'emailProven' | 'passwordChangedAt'>;

export const toPublicUser = (user: PublicUserSource, now: Date | Instant, config: TierConfig): PublicUser => {
  const trial = trialStatus(user, now);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    name: user.name,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    isActive: user.isActive,
    lastLogin: user.lastLogin,
    role: user.role,
    passwordChangeRequired: user.passwordChangeRequired,
    repliesRemaining: trial.repliesRemaining,
    isPremium: trial.isPremium,
    trialActive: trial.trialActive,
    subscriptionId: user.subscriptionId,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionEndDate: user.subscriptionEndDate,
    subscribedToUpdates: user.subscribedToUpdates,
    xUserId: user.xUserId,
    profilePicture: user.profilePicture,
    timeZone: user.timeZone,
    permissions: [...user.permissions],
    preferences: { ...user.preferences },
    hasPassword: user.passwordHash !== null,
    tier: deriveTier(user, now, config),
    trialEndsAt: trial.trialEndsAt,
  };
};
