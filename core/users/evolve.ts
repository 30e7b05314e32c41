import { TRIAL_REPLIES } from './constants';
import type { UserEvent } from './events';
import { DEFAULT_PREFERENCES, type PreferenceChanges, type Preferences } from './preferences';
import type { User, UserState } from './state';
import { emailProvenAfter } from './ways-in';

const registered = (data: Extract<UserEvent, { type: 'UserRegistered' }>['data']): User => ({
  id: data.id,
  username: data.username,
  email: data.email,
  fullName: data.fullName,
  name: null,
  passwordHash: data.passwordHash,
  createdAt: data.at,
  updatedAt: data.at,
  createdBy: data.createdBy,
  isActive: true,
  lastLogin: null,
  role: data.role,
  passwordChangeRequired: data.passwordChangeRequired,
  repliesRemaining: TRIAL_REPLIES,
  isPremium: false,
  trialActive: true,
  subscriptionId: null,
  subscriptionStatus: null,
  subscriptionEndDate: null,
  subscribedToUpdates: false,
  xUserId: data.xUserId,
  profilePicture: null,
  timeZone: data.timeZone,
  permissions: [],
  trialReplyIds: [],
  preferences: DEFAULT_PREFERENCES,
  emailProven: data.email !== null,
  passwordChangedAt: null,
  passwordReset: null,
});

const withPreferences = (user: User, changes: PreferenceChanges, at: string): User => {
  const { subscribedToUpdates, ...rest } = changes;
  const preferences: Preferences = { ...user.preferences };
  for (const key of Object.keys(rest) as (keyof Preferences)[]) {
    if (rest[key] !== undefined) Object.assign(preferences, { [key]: rest[key] });
  }
  return { ...user, preferences, ...(subscribedToUpdates === undefined ? {} : { subscribedToUpdates }), updatedAt: at };
};

/** The change one event makes to a registered user (undefined: the event does not concern it). */
const apply = (user: User, event: UserEvent): User | undefined => {
  switch (event.type) {
    case 'UserRegistered':
      return undefined; // a stream is registered once; decide refuses a second registration
    case 'UserLoggedIn':
      return { ...user, lastLogin: event.data.at };
    case 'PasswordChanged':
      return { ...user, passwordHash: event.data.passwordHash, passwordChangeRequired: false, passwordChangedAt: event.data.at, updatedAt: event.data.at };
    case 'ProfileUpdated':
      return {
        ...user,
        ...event.data.changes,
        ...(event.data.changes.email === undefined ? {} : { emailProven: emailProvenAfter(user, event.data.changes.email, event.data.proof) }),
        updatedAt: event.data.at,
      };
    case 'EmailSet':
      return {
        ...user,
        email: event.data.email,
        subscribedToUpdates: event.data.subscribedToUpdates,
        emailProven: emailProvenAfter(user, event.data.email, event.data.proof),
        updatedAt: event.data.at,
      };
    case 'RoleChanged':
      return { ...user, role: event.data.role, updatedAt: event.data.at };
    case 'PermissionGranted':
      return user.permissions.includes(event.data.permission)
        ? user
        : { ...user, permissions: [...user.permissions, event.data.permission], updatedAt: event.data.at };
    case 'PermissionRevoked':
      return { ...user, permissions: user.permissions.filter((p) => p !== event.data.permission), updatedAt: event.data.at };
    case 'TrialReplyUsed':
      return {
        ...user,
        repliesRemaining: event.data.repliesRemaining,
        trialReplyIds: [...user.trialReplyIds, event.data.replyId],
        updatedAt: event.data.at,
      };
    case 'TrialReplyRefunded':
      return {
        ...user,
        repliesRemaining: event.data.repliesRemaining,
        trialActive: event.data.trialActive,
        trialReplyIds: user.trialReplyIds.filter((id) => id !== event.data.replyId),
        updatedAt: event.data.at,
      };
    case 'TrialEnded':
      return { ...user, trialActive: false, updatedAt: event.data.at };
    case 'PremiumActivated':
      return {
        ...user,
        isPremium: true,
        subscriptionId: event.data.subscriptionId,
        subscriptionStatus: 'active',
        subscriptionEndDate: event.data.until,
        updatedAt: event.data.at,
      };
    case 'PremiumEnded':
      return { ...user, isPremium: false, subscriptionStatus: event.data.reason, updatedAt: event.data.at };
    case 'UserDeactivated':
      return { ...user, isActive: false, updatedAt: event.data.at };
    case 'UserReactivated':
      return { ...user, isActive: true, updatedAt: event.data.at };
    case 'PreferencesChanged':
      return withPreferences(user, event.data.changes, event.data.at);
    case 'PasswordResetRequested':
      return { ...user, passwordReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'PasswordResetCompleted':
      return { ...user, passwordHash: event.data.passwordHash, passwordChangeRequired: false, passwordReset: null, passwordChangedAt: event.data.at, updatedAt: event.data.at };
    case 'AccountDeleted':
    case 'AccountErased':
      return undefined; // handled in evolve: the state becomes 'deleted', then erased
    default: {
      // Compile time: every event type is handled above. Run time: an event written by a newer
      // version is ignored, not fatal.
      const _unknown: never = event;
      return undefined;
    }
  }
};

export const evolve = (state: UserState, event: UserEvent): UserState => {
  if (state.status === 'unregistered') {
    return event.type === 'UserRegistered' ? { status: 'registered', user: registered(event.data) } : state;
  }
  if (state.status === 'deleted') return event.type === 'AccountErased' && state.erasedAt === null ? { ...state, erasedAt: event.data.at } : state;
  if (event.type === 'AccountDeleted') {
    return { status: 'deleted', id: state.user.id, deletedAt: event.data.at, erasedAt: null, erase: event.data.erase ?? { streams: [], reservations: [] } };
  }
  const next = apply(state.user, event);
  return next === undefined ? state : { status: 'registered', user: next };
};
