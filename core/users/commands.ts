/**
 * What may be asked of a user. Time (`now`), ids and password hashes come in from the caller:
 * verifying a current password, hashing a new one and claiming username / e-mail reservations are
 * the caller's job, done before the command is decided.
 */
import type { Permission, Role } from './constants';
import type { ErasurePlan, PremiumEndReason, ProfileChanges } from './events';
import type { PreferenceChanges } from './preferences';
import type { Instant } from './time';
import type { WayInProof } from './ways-in';

/** Who asks, for commands only an admin (or the system itself) may give. */
export type Actor = { kind: 'user'; id: string; role: Role } | { kind: 'system' };

export type UserCommand =
  | {
      type: 'Register';
      id: string;
      username: string;
      email?: string | null;
      fullName?: string | null;
      passwordHash: string | null;
      /** IANA zone; 'UTC' when absent. */
      timeZone?: string;
      xUserId?: string | null;
      /** 'user' when absent; the bootstrap admin registers with 'admin'. */
      role?: Role;
      /**
       * False when the person chose this password while registering; true for generated or
       * bootstrap passwords and for X sign-ups without a password.
       */
      passwordChangeRequired: boolean;
      createdBy: string | null;
      now: Instant;
    }
  | { type: 'RecordLogin'; now: Instant }
  | { type: 'ChangePassword'; passwordHash: string; now: Instant }
  /** `proof`: how the owner proved an e-mail change (ways-in.ts); a change without one is refused. */
  | { type: 'UpdateProfile'; changes: ProfileChanges; proof?: WayInProof; now: Instant }
  | { type: 'SetEmail'; email: string; subscribedToUpdates: boolean; proof?: WayInProof; now: Instant }
  | { type: 'SetRole'; role: Role; by: Actor; now: Instant }
  | { type: 'GrantPermission'; permission: Permission; by: Actor; now: Instant }
  | { type: 'RevokePermission'; permission: Permission; by: Actor; now: Instant }
  | {
      type: 'ConsumeReply';
      /** The reply that uses the allowance; consuming the same reply twice counts once. */
      replyId: string;
      /** Configuration, passed in: usernames with legacy access (design: lists in the environment). */
      legacyUsernames: readonly string[];
      now: Instant;
      /** The reply is already on X (the user posted it from the ready queue): counted, never refused. */
      onX?: boolean;
    }
  /**
   * Gives back the trial reply a reply used when that reply surely did not go out (X refused it, it
   * was skipped or expired). Idempotent per reply: a reply never counted, or already refunded, is quiet.
   */
  | { type: 'RefundTrialReply'; replyId: string; now: Instant }
  /** Records that the 7 days are over (the scheduler sends it; the tier already follows the clock). */
  | { type: 'ExpireTrial'; now: Instant }
  | { type: 'ActivatePremium'; until: Instant; subscriptionId: string; now: Instant }
  | { type: 'EndPremium'; reason: PremiumEndReason; now: Instant }
  /** By the user themself or an admin. */
  | { type: 'Deactivate'; by: Actor; reason?: string | null; now: Instant }
  | { type: 'Reactivate'; by: Actor; now: Instant }
  | { type: 'ChangePreferences'; changes: PreferenceChanges; now: Instant }
  /** `tokenHash`: sha-256 of the link's secret, computed by the caller; the link works until `expiresAt`. */
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: Instant; now: Instant }
  /** `tokenHash` of the secret the link carried; `passwordHash` of the new password. */
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: Instant }
  | { type: 'DeleteAccount'; now: Instant; erase?: ErasurePlan }
  /** After the erasure of a deleted account's events (ADR 0028): once. */
  | { type: 'RecordErasure'; events: number; now: Instant };

export type UserCommandType = UserCommand['type'];

export const actorId = (actor: Actor): string => (actor.kind === 'system' ? 'system' : actor.id);
export const isAdminActor = (actor: Actor): boolean => actor.kind === 'system' || actor.role === 'admin';
