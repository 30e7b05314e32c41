/**
 * What happened to a user. Events carry their own time (`at`) because `evolve` never sees the
 * store's metadata, and they carry resulting values (repliesRemaining after the use) rather than
 * deltas, so a projection applying them stays simple and idempotent.
 */
import type { Permission, Role } from './constants';
import type { PreferenceChanges } from './preferences';
import type { Instant } from './time';
import type { WayInProof } from './ways-in';

/** Fields a profile update may change; an absent key means "unchanged". */
export interface ProfileChanges {
  username?: string;
  email?: string | null;
  fullName?: string | null;
  name?: string | null;
  profilePicture?: string | null;
  timeZone?: string;
}

export type TrialEndReason = 'replies_used' | 'time_elapsed';
export type PremiumEndReason = 'expired' | 'cancelled' | 'refunded';

export type UserEvent =
  | {
      type: 'UserRegistered';
      data: {
        id: string;
        username: string;
        email: string | null;
        fullName: string | null;
        /** null for an X sign-up that has not chosen a password yet. */
        passwordHash: string | null;
        timeZone: string;
        xUserId: string | null;
        role: Role;
        passwordChangeRequired: boolean;
        /** Who created the account: null for a self sign-up, 'system' for the bootstrap admin. */
        createdBy: string | null;
        at: Instant;
      };
    }
  | { type: 'UserLoggedIn'; data: { at: Instant } }
  | { type: 'PasswordChanged'; data: { passwordHash: string; at: Instant } }
  /** `proof`: how the owner proved an e-mail change (absent on events from before proofs were recorded). */
  | { type: 'ProfileUpdated'; data: { changes: ProfileChanges; proof?: WayInProof; at: Instant } }
  | { type: 'EmailSet'; data: { email: string; subscribedToUpdates: boolean; proof?: WayInProof; at: Instant } }
  | { type: 'RoleChanged'; data: { role: Role; previousRole: Role; by: string; at: Instant } }
  | { type: 'PermissionGranted'; data: { permission: Permission; by: string; at: Instant } }
  | { type: 'PermissionRevoked'; data: { permission: Permission; by: string; at: Instant } }
  | { type: 'TrialReplyUsed'; data: { replyId: string; repliesRemaining: number; at: Instant } }
  /** `trialActive` is the trial's recorded state after the refund (a trial ended by its 25th reply reopens inside its 7 days). */
  | { type: 'TrialReplyRefunded'; data: { replyId: string; repliesRemaining: number; trialActive: boolean; at: Instant } }
  | { type: 'TrialEnded'; data: { reason: TrialEndReason; at: Instant } }
  | { type: 'PremiumActivated'; data: { until: Instant; subscriptionId: string; at: Instant } }
  | { type: 'PremiumEnded'; data: { reason: PremiumEndReason; at: Instant } }
  | { type: 'UserDeactivated'; data: { by: string; reason: string | null; at: Instant } }
  | { type: 'UserReactivated'; data: { by: string; at: Instant } }
  | { type: 'PreferencesChanged'; data: { changes: PreferenceChanges; at: Instant } }
  /** A reset link was sent; only the sha-256 of its secret is kept, and only the latest one works. */
  | { type: 'PasswordResetRequested'; data: { tokenHash: string; expiresAt: Instant; at: Instant } }
  /** The link was used: the new password is set and the link is spent. */
  | { type: 'PasswordResetCompleted'; data: { passwordHash: string; at: Instant } }
  /**
   * The person asked for their account to be deleted. What remains of the stream after erasure
   * (docs/adr/0028) carries no personal field.
   */
  | { type: 'AccountDeleted'; data: { at: Instant; erase?: ErasurePlan } }
  /** The personal fields of the person's events were erased (the plan carried out; ADR 0028). */
  | { type: 'AccountErased'; data: { events: number; at: Instant } };

/**
 * What the erasure of a deleted account goes through, fixed when the account is deleted (the
 * read models forget the person's rows right after): the streams of what they owned, and the
 * reservations named after their username, e-mail and X ids. `value` is a personal field, so
 * erasing the user's stream (last) erases these too.
 */
export interface ErasurePlan {
  streams: string[];
  reservations: { kind: string; value: string }[];
}

export type UserEventType = UserEvent['type'];

export const USER_EVENT_TYPES = [
  'UserRegistered',
  'UserLoggedIn',
  'PasswordChanged',
  'ProfileUpdated',
  'EmailSet',
  'RoleChanged',
  'PermissionGranted',
  'PermissionRevoked',
  'TrialReplyUsed',
  'TrialReplyRefunded',
  'TrialEnded',
  'PremiumActivated',
  'PremiumEnded',
  'UserDeactivated',
  'UserReactivated',
  'PreferencesChanged',
  'PasswordResetRequested',
  'PasswordResetCompleted',
  'AccountDeleted',
  'AccountErased',
] as const satisfies readonly UserEventType[];

// Compile-time check that the list above names every event type.
type Missing = Exclude<UserEventType, (typeof USER_EVENT_TYPES)[number]>;
const _allListed: Missing extends never ? true : never = true;
void _allListed;
