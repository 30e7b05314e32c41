/**
 * decide(command, state) -> events. An empty array means the command changes nothing (already
 * done, or a retry); expected refusals throw an AppError with a code, a reason and a field.
 */
import { assertNever } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { actorId, type UserCommand } from './commands';
import { DEFAULT_TIME_ZONE } from './constants';
import type { ProfileChanges, UserEvent } from './events';
import { optionalText, requireActiveUser, requireAdmin, requiredText, requireTimeZone, requireUser } from './guards';
import type { PreferenceChanges } from './preferences';
import type { User, UserState } from './state';
import { mayReachX, trialStateOf } from './quota';
import { trialEndsAt } from './tier';
import { toInstant, toMillis } from './time';
import { changesEmail, WAY_IN_UNPROVEN, type WayInProof } from './ways-in';

type Command<T extends UserCommand['type']> = Extract<UserCommand, { type: T }>;

const register = (command: Command<'Register'>, state: UserState): UserEvent[] => {
  const data = {
    id: command.id,
    username: requiredText('username', command.username),
    email: optionalText('email', command.email),
    fullName: optionalText('fullName', command.fullName),
    passwordHash: command.passwordHash,
    timeZone: requireTimeZone(command.timeZone ?? DEFAULT_TIME_ZONE),
    xUserId: command.xUserId ?? null,
    role: command.role ?? 'user',
    passwordChangeRequired: command.passwordChangeRequired,
    createdBy: command.createdBy,
    at: toInstant(command.now, 'now'),
  };
  if (state.status === 'deleted') throw new AppError('conflict', 'This account was deleted', { reason: 'ACCOUNT_DELETED' });
  if (state.status === 'registered') {
    const u = state.user;
    // The same registration decided again (a retry after a concurrent write) changes nothing.
    const same =
      u.username === data.username && u.email === data.email && u.passwordHash === data.passwordHash && u.xUserId === data.xUserId;
    if (same) return [];
    throw new AppError('conflict', 'This user is already registered', { reason: 'ALREADY_REGISTERED' });
  }
  if (command.id.trim() === '') throw new AppError('internal', 'A user id is required');
  return [{ type: 'UserRegistered', data }];
};

/** Only the fields that really change; an empty object means nothing to do. */
const profileChanges = (user: User, changes: ProfileChanges): ProfileChanges => {
  const wanted: ProfileChanges = {};
  if (changes.username !== undefined) wanted.username = requiredText('username', changes.username);
  if (changes.email !== undefined) wanted.email = optionalText('email', changes.email);
  if (changes.fullName !== undefined) wanted.fullName = optionalText('fullName', changes.fullName);
  if (changes.name !== undefined) wanted.name = optionalText('name', changes.name);
  if (changes.profilePicture !== undefined) wanted.profilePicture = optionalText('profilePicture', changes.profilePicture);
  if (changes.timeZone !== undefined) wanted.timeZone = requireTimeZone(changes.timeZone);
  const changed: ProfileChanges = {};
  for (const key of Object.keys(wanted) as (keyof ProfileChanges)[]) {
    if (wanted[key] !== user[key]) Object.assign(changed, { [key]: wanted[key] });
  }
  return changed;
};

/** The proof an e-mail change carries (ways-in.ts); a change without one is refused, a non-change carries none. */
const proofOfEmailChange = (user: User, email: string | null | undefined, proof: WayInProof | undefined): WayInProof | undefined => {
  if (!changesEmail(user, email)) return undefined;
  if (proof === undefined) throw new AppError('forbidden', WAY_IN_UNPROVEN, { reason: 'REAUTH_REQUIRED' });
  return proof;
};

/**
 * A trial reply is used when the reply reaches X (ADR 0047): before a POST through the API (given
 * back if it does not go out), or when a reply the user posted from the ready queue is seen on X
 * (`onX`). A POST is refused while the allowance is full (the reply waits: TRIAL_REPLIES_USED) or
 * once the 7 days are over (TRIAL_EXPIRED); a post already on X is counted, never refused.
 */
const consumeReply = (command: Command<'ConsumeReply'>, state: UserState): UserEvent[] => {
  const user = command.onX === true ? requireUser(state) : requireActiveUser(state);
  if (user.trialReplyIds.includes(command.replyId)) return []; // already counted
  const at = toInstant(command.now, 'now');
  const decision = mayReachX(user, at, { legacyUsernames: command.legacyUsernames });
  const tierState = trialStateOf(user, at, { legacyUsernames: command.legacyUsernames });
  if (tierState === 'unlimited') return [];
  if (command.onX === true) {
    // Seen on X after the trial's days: nothing is left to count it against.
    if (tierState === 'over') return [];
    const repliesRemaining = Math.max(0, user.repliesRemaining - 1);
    const used: UserEvent = { type: 'TrialReplyUsed', data: { replyId: command.replyId, repliesRemaining, at } };
    return repliesRemaining > 0 || tierState === 'used' ? [used] : [used, { type: 'TrialEnded', data: { reason: 'replies_used', at } }];
  }
  if (decision.kind === 'hold') throw new AppError('payment_required', decision.reason, { reason: 'TRIAL_REPLIES_USED' });
  if (decision.kind === 'refuse') {
    throw new AppError('payment_required', 'Your free trial has expired. Upgrade to premium to continue.', { reason: 'TRIAL_EXPIRED' });
  }
  const repliesRemaining = user.repliesRemaining - 1;
  const used: UserEvent = { type: 'TrialReplyUsed', data: { replyId: command.replyId, repliesRemaining, at } };
  return repliesRemaining > 0 ? [used] : [used, { type: 'TrialEnded', data: { reason: 'replies_used', at } }];
};

const refundTrialReply = (command: Command<'RefundTrialReply'>, state: UserState): UserEvent[] => {
  const user = requireUser(state);
  // Only a reply this trial counted; once refunded it is no longer in the list, so a repeat is quiet.
  if (!user.trialReplyIds.includes(command.replyId)) return [];
  const at = toInstant(command.now, 'now');
  const repliesRemaining = user.repliesRemaining + 1;
  // A trial closed by its last reply opens again inside its 7 days; one closed by time stays closed.
  const trialActive = user.trialActive || (user.repliesRemaining === 0 && toMillis(at) < toMillis(trialEndsAt(user)));
  return [{ type: 'TrialReplyRefunded', data: { replyId: command.replyId, repliesRemaining, trialActive, at } }];
};

const activatePremium = (command: Command<'ActivatePremium'>, state: UserState): UserEvent[] => {
  const user = requireActiveUser(state);
  const at = toInstant(command.now, 'now');
  const until = toInstant(command.until, 'until');
  if (toMillis(until) <= toMillis(at)) {
    throw new AppError('validation', 'A subscription must end after it starts', { field: 'until' });
  }
  if (command.subscriptionId.trim() === '') {
    throw new AppError('validation', 'A subscription id is required', { field: 'subscriptionId' });
  }
  if (user.isPremium && user.subscriptionId === command.subscriptionId && user.subscriptionEndDate === until) return [];
  return [{ type: 'PremiumActivated', data: { until, subscriptionId: command.subscriptionId, at } }];
};

/** The one answer to every link that cannot be used: it does not tell which check failed. */
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Ask for a new one.';

/** Only the preferences that really change; an empty object means nothing to do. */
const preferenceChanges = (user: User, changes: PreferenceChanges): PreferenceChanges => {
  const changed: PreferenceChanges = {};
  if (changes.subscribedToUpdates !== undefined && changes.subscribedToUpdates !== user.subscribedToUpdates) {
    changed.subscribedToUpdates = changes.subscribedToUpdates;
  }
  const { subscribedToUpdates: _ignored, ...rest } = changes;
  for (const key of Object.keys(rest) as (keyof typeof rest)[]) {
    const value = rest[key];
    if (value === undefined || value === user.preferences[key]) continue;
    if (key === 'hourlyCap' && value !== null && (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 50)) {
      throw new AppError('validation', 'Replies per hour must be a whole number from 1 to 50', { field: 'hourlyCap' });
    }
    Object.assign(changed, { [key]: value });
  }
  return changed;
};

const resetPassword = (command: Command<'ResetPassword'>, state: UserState): UserEvent[] => {
  const invalid = () => new AppError('validation', RESET_LINK_INVALID, { field: 'token', reason: 'RESET_LINK_INVALID' });
  if (state.status !== 'registered' || !state.user.isActive) throw invalid();
  const pending = state.user.passwordReset;
  const at = toInstant(command.now, 'now');
  if (pending === null || pending.tokenHash !== command.tokenHash || toMillis(at) >= toMillis(pending.expiresAt)) throw invalid();
  if (command.passwordHash.trim() === '') throw new AppError('internal', 'A password hash is required');
  return [{ type: 'PasswordResetCompleted', data: { passwordHash: command.passwordHash, at } }];
};

export const decide = (command: UserCommand, state: UserState): UserEvent[] => {
  switch (command.type) {
    case 'Register':
      return register(command, state);
    case 'RecordLogin': {
      const user = requireActiveUser(state);
      const at = toInstant(command.now, 'now');
      // A login older than the one recorded (a retry, or clocks of two servers) changes nothing.
      if (user.lastLogin !== null && toMillis(at) <= toMillis(user.lastLogin)) return [];
      return [{ type: 'UserLoggedIn', data: { at } }];
    }
    case 'ChangePassword': {
      const user = requireActiveUser(state);
      if (command.passwordHash.trim() === '') throw new AppError('internal', 'A password hash is required');
      if (command.passwordHash === user.passwordHash && !user.passwordChangeRequired) return [];
      return [{ type: 'PasswordChanged', data: { passwordHash: command.passwordHash, at: toInstant(command.now, 'now') } }];
    }
    case 'UpdateProfile': {
      const user = requireActiveUser(state);
      const changes = profileChanges(user, command.changes);
      if (Object.keys(changes).length === 0) return [];
      const proof = proofOfEmailChange(user, changes.email, command.proof);
      return [{ type: 'ProfileUpdated', data: { changes, ...(proof === undefined ? {} : { proof }), at: toInstant(command.now, 'now') } }];
    }
    case 'SetEmail': {
      const user = requireActiveUser(state);
      const email = requiredText('email', command.email);
      if (user.email === email && user.subscribedToUpdates === command.subscribedToUpdates) return [];
      const proof = proofOfEmailChange(user, email, command.proof);
      const data = { email, subscribedToUpdates: command.subscribedToUpdates, ...(proof === undefined ? {} : { proof }), at: toInstant(command.now, 'now') };
      return [{ type: 'EmailSet', data }];
    }
    case 'SetRole': {
      const user = requireUser(state);
      requireAdmin(command.by, 'change roles');
      if (user.role === command.role) return [];
      if (command.by.kind === 'user' && command.by.id === user.id) {
        // An admin demoting themself could leave nobody able to undo it.
        throw new AppError('conflict', 'You cannot remove your own admin role', { field: 'role', reason: 'SELF_DEMOTION' });
      }
      const data = { role: command.role, previousRole: user.role, by: actorId(command.by), at: toInstant(command.now, 'now') };
      return [{ type: 'RoleChanged', data }];
    }
    case 'GrantPermission': {
      const user = requireUser(state);
      requireAdmin(command.by, 'grant permissions');
      if (user.permissions.includes(command.permission)) return [];
      const data = { permission: command.permission, by: actorId(command.by), at: toInstant(command.now, 'now') };
      return [{ type: 'PermissionGranted', data }];
    }
    case 'RevokePermission': {
      const user = requireUser(state);
      requireAdmin(command.by, 'revoke permissions');
      if (!user.permissions.includes(command.permission)) return [];
      const data = { permission: command.permission, by: actorId(command.by), at: toInstant(command.now, 'now') };
      return [{ type: 'PermissionRevoked', data }];
    }
    case 'ConsumeReply':
      return consumeReply(command, state);
    case 'RefundTrialReply':
      return refundTrialReply(command, state);
    case 'ExpireTrial': {
      const user = requireUser(state);
      const at = toInstant(command.now, 'now');
      if (!user.trialActive || toMillis(at) < toMillis(trialEndsAt(user))) return [];
      return [{ type: 'TrialEnded', data: { reason: 'time_elapsed', at } }];
    }
    case 'ActivatePremium':
      return activatePremium(command, state);
    case 'EndPremium': {
      const user = requireUser(state);
      if (!user.isPremium) return [];
      return [{ type: 'PremiumEnded', data: { reason: command.reason, at: toInstant(command.now, 'now') } }];
    }
    case 'Deactivate': {
      const user = requireUser(state);
      const self = command.by.kind === 'user' && command.by.id === user.id;
      if (!self) requireAdmin(command.by, 'deactivate another account');
      if (!user.isActive) return [];
      const data = { by: actorId(command.by), reason: command.reason?.trim() || null, at: toInstant(command.now, 'now') };
      return [{ type: 'UserDeactivated', data }];
    }
    case 'Reactivate': {
      const user = requireUser(state);
      requireAdmin(command.by, 'reactivate an account');
      if (user.isActive) return [];
      return [{ type: 'UserReactivated', data: { by: actorId(command.by), at: toInstant(command.now, 'now') } }];
    }
    case 'ChangePreferences': {
      const changes = preferenceChanges(requireActiveUser(state), command.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'PreferencesChanged', data: { changes, at: toInstant(command.now, 'now') } }];
    }
    case 'RequestPasswordReset': {
      const user = requireActiveUser(state);
      const at = toInstant(command.now, 'now');
      const expiresAt = toInstant(command.expiresAt, 'expiresAt');
      if (toMillis(expiresAt) <= toMillis(at)) throw new AppError('internal', 'A reset link must expire after it is made');
      if (!/^[0-9a-f]{64}$/.test(command.tokenHash)) throw new AppError('internal', 'A reset token hash is a sha-256 in hex');
      if (user.passwordReset?.tokenHash === command.tokenHash) return [];
      return [{ type: 'PasswordResetRequested', data: { tokenHash: command.tokenHash, expiresAt, at } }];
    }
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'DeleteAccount': {
      if (state.status === 'deleted') return [];
      requireUser(state);
      const at = toInstant(command.now, 'now');
      return [{ type: 'AccountDeleted', data: command.erase === undefined ? { at } : { at, erase: command.erase } }];
    }
    case 'RecordErasure': {
      if (state.status !== 'deleted') throw new AppError('conflict', 'Only a deleted account is erased');
      if (state.erasedAt !== null) return [];
      return [{ type: 'AccountErased', data: { events: command.events, at: toInstant(command.now, 'now') } }];
    }
    default:
      return assertNever(command, 'user command');
  }
};
