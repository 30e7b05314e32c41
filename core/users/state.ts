/**
 * A user's state: not registered yet, or registered with the fields of spec part 1 §3 (defaults
 * as listed there) plus time zone and permissions. Payments go through PayPal, so the spec's
 * stripeCustomerId / stripeSubscriptionId become one provider-neutral `subscriptionId`; the spec's
 * googleId / githubId have no sign-in behind them in Riposte and are not kept.
 */
import type { Permission, Role } from './constants';
import type { Preferences } from './preferences';
import type { ErasurePlan } from './events';
import type { Instant } from './time';

export type SubscriptionStatus = 'active' | 'expired' | 'cancelled' | 'refunded';

export interface User {
  id: string;
  username: string;
  email: string | null;
  fullName: string | null;
  name: string | null;
  /** null while an X sign-up has not chosen a password. */
  passwordHash: string | null;
  createdAt: Instant;
  updatedAt: Instant;
  createdBy: string | null;
  isActive: boolean;
  lastLogin: Instant | null;
  role: Role;
  passwordChangeRequired: boolean;
  repliesRemaining: number;
  isPremium: boolean;
  /** The recorded fact; whether the trial is active at a given time is `isTrialActive`. */
  trialActive: boolean;
  subscriptionId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
  subscriptionEndDate: Instant | null;
  subscribedToUpdates: boolean;
  xUserId: string | null;
  profilePicture: string | null;
  timeZone: string;
  permissions: Permission[];
  /** Replies already counted against the trial (at most 25), so a retried count is not doubled. */
  trialReplyIds: string[];
  preferences: Preferences;
  /**
   * Whether `email` was proven by the owner (ways-in.ts): registered with, or set with a fresh
   * proof. Only a proven address receives reset links.
   */
  emailProven: boolean;
  /**
   * When the password was last set or reset (null: never since registration). A personal access
   * token made before it no longer works (core/tokens tokenRefusal).
   */
  passwordChangedAt: Instant | null;
  /** The reset link that still works (its secret's sha-256), or null. */
  passwordReset: { tokenHash: string; expiresAt: Instant } | null;
}

export type UserState =
  | { status: 'unregistered' }
  | { status: 'registered'; user: User }
  /** Deleted at the person's request: nothing of the account is kept in the state. */
  /** Deleted: `erase` is the plan of the erasure recorded on AccountDeleted (ADR 0028). */
  | { status: 'deleted'; id: string; deletedAt: Instant; erasedAt: Instant | null; erase: ErasurePlan };

export const initialState = (): UserState => ({ status: 'unregistered' });
