/**
 * Who may see and change which monitored account (spec part 2 §6, with the design's reading):
 *
 * - admins (and the system, which seeds the curated accounts) see every account, add, edit,
 *   delete, set visibility and tiers, pause and resume;
 * - legacy users and users an admin granted 'may_add_monitored_accounts' (the spec's "normal
 *   user with id 2") add accounts but do not edit or delete them;
 * - everyone sees the accounts visible to their audience, plus the ones they added themselves:
 *   adminOnly hides an account from non-admins, visibleToLegacy / visibleToNormal from legacy /
 *   normal users, and userOnly keeps an account to the user who added it (and admins);
 * - an account a non-admin added is pending until an admin approves it: until then only its adder
 *   (and admins) see it or can aim a schedule at it, whatever its flags say, so nobody can publish
 *   an X id, name and picture of their choosing to every user.
 *
 * Pure functions of plain data, so the server, the web app and the property tests share them.
 * `visibleToSql` is the same rule for the list query; a property test holds the two together.
 */
import type { SqlStatement } from '@core/shared/projection';
import type { Permission, Role } from '@core/users/constants';
import type { User } from '@core/users/state';
import { isLegacy, isPremiumAt, type TierConfig } from '@core/users/tier';
import type { Instant } from '@core/users/time';

export type Audience = 'admin' | 'legacy' | 'normal';

/** Accounts added by non-admins wait for an admin before anyone else sees them. */
export type Approval = 'approved' | 'pending';

export type MonitoringActor =
  | { kind: 'system' }
  | { kind: 'user'; userId: string; audience: Audience; mayAdd: boolean };

export const SYSTEM_ACTOR: MonitoringActor = { kind: 'system' };

/** What the visibility rule looks at on an account. */
export interface VisibilityFacts {
  /** Who added it; null for the curated accounts the system seeded. */
  userId: string | null;
  visibleToLegacy: boolean;
  visibleToNormal: boolean;
  adminOnly: boolean;
  userOnly: boolean;
  approval: Approval;
}

export interface ActorSource {
  id: string;
  role: Role;
  username: string;
  permissions: readonly Permission[];
}

/**
 * Why a user may add accounts of their own to reply to (spec part 2 §6 and its "where the plan
 * allows"): admins and legacy users by role, a user an admin granted the permission, and Premium
 * by its plan; the trial and an expired plan may not. One rule for the server's check, the admin's
 * Users page and the pages that sell the plan.
 */
export type AddRight = 'admin' | 'legacy' | 'granted' | 'premium';

export const addRightOf = (user: ActorSource & Pick<User, 'isPremium' | 'subscriptionEndDate'>, config: TierConfig, now: Date | Instant): AddRight | null => {
  if (user.role === 'admin') return 'admin';
  if (isLegacy(user, config)) return 'legacy';
  if (user.permissions.includes('may_add_monitored_accounts')) return 'granted';
  return isPremiumAt(user, now) ? 'premium' : null;
};

/** The right in words, as the admin's Users page shows it. */
export const ADD_RIGHT_WORDS: Readonly<Record<AddRight | 'none', string>> = {
  admin: 'Adds accounts as an admin',
  legacy: 'Adds accounts (legacy access)',
  granted: 'Adds accounts (granted by an admin)',
  premium: 'Adds accounts (Premium plan)',
  none: 'Replies to the curated accounts only',
};

/** What the plan pages promise about it; true of `addRightOf` for a Premium user. */
export const PREMIUM_OWN_ACCOUNTS_TEXT = 'Add your own accounts to reply to';

/** The actor a signed-in user is, for monitored accounts. */
export const monitoringActorOf = (user: ActorSource & Pick<User, 'isPremium' | 'subscriptionEndDate'>, config: TierConfig, now: Date | Instant): MonitoringActor => {
  const audience: Audience = user.role === 'admin' ? 'admin' : isLegacy(user, config) ? 'legacy' : 'normal';
  const right = addRightOf(user, config, now);
  return { kind: 'user', userId: user.id, audience, mayAdd: right === 'granted' || right === 'premium' };
};

const isAdmin = (actor: MonitoringActor): boolean => actor.kind === 'system' || actor.audience === 'admin';

export const canSee = (actor: MonitoringActor, account: VisibilityFacts): boolean => {
  if (actor.kind === 'system' || actor.audience === 'admin') return true;
  if (account.userId !== null && account.userId === actor.userId) return true;
  if (account.approval === 'pending' || account.userOnly || account.adminOnly) return false;
  return actor.audience === 'legacy' ? account.visibleToLegacy : account.visibleToNormal;
};

/** The standard Add Account dialog (legacy mode is a separate door, opened by the PIN). */
export const canAdd = (actor: MonitoringActor): boolean =>
  actor.kind === 'system' || actor.audience === 'admin' || actor.audience === 'legacy' || actor.mayAdd;

/** Edit, delete, visibility, tier, pause, resume and approval. */
export const canManage = (actor: MonitoringActor): boolean => isAdmin(actor);

/**
 * How an account a non-admin adds starts, as the admin chose in the settings ('limits':
 * review_user_accounts): 'reviewed' waits for an admin, 'automatic' is approved at once.
 */
export type ApprovalRule = 'reviewed' | 'automatic';

/** What an add by this actor starts as: the system's and admins' adds need no approval; others' follow the admin's rule. */
export const approvalOnAdd = (actor: MonitoringActor, rule: ApprovalRule = 'reviewed'): Approval => (isAdmin(actor) || rule === 'automatic' ? 'approved' : 'pending');

/** What the page may offer this actor (the server enforces the same rules on every call). */
export interface MonitoringAccess {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canSetVisibility: boolean;
  canSetTier: boolean;
  seesAll: boolean;
}

export const accessOf = (actor: MonitoringActor): MonitoringAccess => {
  const admin = isAdmin(actor);
  return { canAdd: canAdd(actor), canEdit: admin, canDelete: admin, canSetVisibility: admin, canSetTier: admin, seesAll: admin };
};

/**
 * `canSee` as a WHERE clause over the monitored_accounts table (core/monitoring/projection.ts),
 * with named parameters. Columns are 0/1 integers.
 */
export const visibleToSql = (actor: MonitoringActor): SqlStatement & { params: Record<string, unknown> } => {
  if (actor.kind === 'system' || actor.audience === 'admin') return { sql: '1 = 1', params: {} };
  const audienceColumn = actor.audience === 'legacy' ? 'visible_to_legacy' : 'visible_to_normal';
  return {
    sql: `(user_id = @viewer OR (approval = 'approved' AND user_only = 0 AND admin_only = 0 AND ${audienceColumn} = 1))`,
    params: { viewer: actor.userId },
  };
};
