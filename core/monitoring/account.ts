/**
 * A monitored account: one stream per account (`monitored-account-{id}`). The username is unique
 * (case-insensitive) through a reservation stream the service claims before the first event;
 * this decider holds the rest: defaults, who may do what (core/monitoring/access.ts), and one
 * event per kind of change so read models and the poller can follow tiers and pauses.
 *
 * An account someone cannot see answers "not found", never "forbidden", so ids reveal nothing;
 * an account they can see but may not change answers "forbidden".
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import { approvalOnAdd, canAdd, canManage, canSee, type Approval, type ApprovalRule, type MonitoringActor } from './access';
import { ACCOUNT_DEFAULTS, ACCOUNT_MESSAGES, type AccountInput, type AccountPatch, type VisibilityChange } from './schemas';
import { intervalOfTier, X_ADMIN_REQUIRED_FOR_TIERS, type MonitoringTier } from './tiers';

export const monitoredAccountStream = (accountId: string): string => `monitored-account-${accountId}`;

/** Reservation kind of monitored usernames (core/eventstore/reservation.ts). */
export const MONITORED_USERNAME_RESERVATION = 'monitored_username';

export type AccountSource = 'curated' | 'user' | 'legacy';

/** The fields a user or admin edits in the dialogs. */
export interface AccountDetails {
  username: string;
  displayName: string;
  bio: string | null;
  profilePicture: string | null;
  topicKeyword: string | null;
  /** Null while X has not been asked successfully (resolved later). */
  xUserId: string | null;
  isActive: boolean;
  userOnly: boolean;
}

export interface AccountVisibility {
  visibleToLegacy: boolean;
  visibleToNormal: boolean;
  adminOnly: boolean;
}

export interface MonitoredAccount extends AccountDetails, AccountVisibility {
  accountId: string;
  /** Who added it; null for a curated account the system seeded. */
  userId: string | null;
  addedByOwner: boolean;
  source: AccountSource;
  /** Pending while a non-admin's add waits for an admin (core/monitoring/access.ts). */
  approval: Approval;
  shouldMonitor: boolean;
  monitoringTier: MonitoringTier;
  monitoringInterval: number;
}

/** What a curated account starts with (core/monitoring/curated-accounts.ts gives the list). */
export interface CuratedSeed {
  username: string;
  displayName: string;
  bio?: string | null;
  xUserId?: string | null;
  topicKeyword?: string | null;
  profilePicture?: string | null;
  monitoringTier?: MonitoringTier;
}

/** What X said about the username (looked up by the service before deciding). */
export interface XProfile {
  xUserId: string;
  displayName: string | null;
  profilePicture: string | null;
  bio: string | null;
}

export type MonitoredAccountCommand =
  | { type: 'AddMonitoredAccount'; accountId: string; actor: MonitoringActor; input: AccountInput; /** The admin's rule for an add by a non-admin; 'reviewed' when absent. */ approvalRule?: ApprovalRule }
  | {
      type: 'AddLegacyAccount';
      accountId: string;
      actor: MonitoringActor;
      /** Checked by the service against the configured PIN; the decider refuses without it. */
      pinAccepted: boolean;
      username: string;
      displayName: string;
      shouldMonitor: boolean;
      userOnly: boolean;
      xUserId: string | null;
      profilePicture: string | null;
    }
  | { type: 'SeedCuratedAccount'; accountId: string; seed: CuratedSeed }
  /** A change of tier or interval needs the X Admin step-up, as on Tier Management. */
  | { type: 'EditMonitoredAccount'; accountId: string; actor: MonitoringActor; changes: AccountPatch; xAdminVerified: boolean }
  | { type: 'SetAccountVisibility'; accountId: string; actor: MonitoringActor; visibility: VisibilityChange }
  /**
   * A tier change (Tier Management, PATCH /api/accounts/:id/tier): allowed only to an admin whose
   * session passed the X Admin step-up (checked by the server; docs/adr/0022-x-admin-step-up.md).
   */
  | { type: 'AssignMonitoringTier'; accountId: string; actor: MonitoringActor; tier: MonitoringTier; xAdminVerified: boolean }
  | { type: 'ApproveMonitoredAccount'; accountId: string; actor: MonitoringActor }
  | { type: 'PauseMonitoring'; accountId: string; actor: MonitoringActor }
  | { type: 'ResumeMonitoring'; accountId: string; actor: MonitoringActor }
  /** The system learnt the account's X user id (the resolver job, or a lookup that came back). */
  | { type: 'ResolveXUser'; accountId: string; profile: XProfile }
  | { type: 'DeleteMonitoredAccount'; accountId: string; actor: MonitoringActor };

/** Added before approvals existed: no `approval`, read as approved (it was already shown). */
type AddedData = Omit<MonitoredAccount, 'approval'> & { approval?: Approval };

export type MonitoredAccountEvent =
  | { type: 'MonitoredAccountAdded'; data: AddedData }
  | { type: 'MonitoredAccountApproved'; data: { accountId: string } }
  | { type: 'MonitoredAccountEdited'; data: AccountDetails & { accountId: string } }
  | { type: 'MonitoredAccountVisibilityChanged'; data: AccountVisibility & { accountId: string } }
  | { type: 'MonitoringScheduleChanged'; data: { accountId: string; monitoringTier: MonitoringTier; monitoringInterval: number } }
  | { type: 'MonitoringPaused'; data: { accountId: string } }
  | { type: 'MonitoringResumed'; data: { accountId: string } }
  | { type: 'MonitoredAccountXUserResolved'; data: { accountId: string; xUserId: string; profilePicture: string | null; bio: string | null } }
  | { type: 'MonitoredAccountDeleted'; data: { accountId: string; username: string; userId: string | null; addedByOwner: boolean } };

export const MONITORED_ACCOUNT_EVENT_TYPES = [
  'MonitoredAccountAdded',
  'MonitoredAccountApproved',
  'MonitoredAccountEdited',
  'MonitoredAccountVisibilityChanged',
  'MonitoringScheduleChanged',
  'MonitoringPaused',
  'MonitoringResumed',
  'MonitoredAccountXUserResolved',
  'MonitoredAccountDeleted',
] as const satisfies readonly MonitoredAccountEvent['type'][];

export type MonitoredAccountState =
  | { status: 'none' }
  | { status: 'live'; account: MonitoredAccount }
  | { status: 'deleted'; account: MonitoredAccount };

const notFound = () => new AppError('not_found', ACCOUNT_MESSAGES.notFound, { reason: 'ACCOUNT_NOT_FOUND' });
const forbidden = (message: string, reason: string) => new AppError('forbidden', message, { reason });

const adderId = (actor: MonitoringActor): string | null => (actor.kind === 'user' ? actor.userId : null);
const isAdminActor = (actor: MonitoringActor): boolean => canManage(actor);

/** The account this actor may see, or not_found; then the manage right, or forbidden. */
const manageable = (state: MonitoredAccountState, actor: MonitoringActor): MonitoredAccount => {
  if (state.status !== 'live' || !canSee(actor, state.account)) throw notFound();
  if (!canManage(actor)) throw forbidden(ACCOUNT_MESSAGES.manageForbidden, 'ADMIN_ONLY');
  return state.account;
};

const existing = (state: MonitoredAccountState): void => {
  if (state.status !== 'none') throw new AppError('conflict', 'A monitored account with this id already exists', { reason: 'ACCOUNT_EXISTS' });
};

/** Non-admins take the defaults for visibility and tiers; saying otherwise is refused, not ignored. */
const refuseAdminFields = (actor: MonitoringActor, input: AccountPatch): void => {
  if (isAdminActor(actor)) return;
  const differs =
    (input.visibleToLegacy !== undefined && input.visibleToLegacy !== ACCOUNT_DEFAULTS.visibleToLegacy) ||
    (input.visibleToNormal !== undefined && input.visibleToNormal !== ACCOUNT_DEFAULTS.visibleToNormal) ||
    (input.adminOnly !== undefined && input.adminOnly !== ACCOUNT_DEFAULTS.adminOnly) ||
    (input.monitoringTier !== undefined && input.monitoringTier !== ACCOUNT_DEFAULTS.monitoringTier) ||
    (input.monitoringInterval !== undefined && input.monitoringInterval !== ACCOUNT_DEFAULTS.monitoringInterval);
  if (differs) throw forbidden(ACCOUNT_MESSAGES.adminFieldsForbidden, 'ADMIN_ONLY');
};

const detailsOf = (a: MonitoredAccount): AccountDetails => ({
  username: a.username,
  displayName: a.displayName,
  bio: a.bio,
  profilePicture: a.profilePicture,
  topicKeyword: a.topicKeyword,
  xUserId: a.xUserId,
  isActive: a.isActive,
  userOnly: a.userOnly,
});

const sameRecord = <T extends object>(a: T, b: T): boolean => (Object.keys(a) as (keyof T)[]).every((k) => a[k] === b[k]);

/** The new tier and interval: a new tier brings its interval unless an interval was also changed. */
const scheduleAfter = (
  current: MonitoredAccount,
  tier: MonitoringTier | undefined,
  interval: number | undefined,
): { monitoringTier: MonitoringTier; monitoringInterval: number } => {
  const monitoringTier = tier ?? current.monitoringTier;
  const intervalChanged = interval !== undefined && interval !== current.monitoringInterval;
  const tierChanged = monitoringTier !== current.monitoringTier;
  const monitoringInterval = intervalChanged ? interval : tierChanged ? intervalOfTier(monitoringTier) : current.monitoringInterval;
  return { monitoringTier, monitoringInterval };
};

const editEvents = (current: MonitoredAccount, changes: AccountPatch, xAdminVerified: boolean): MonitoredAccountEvent[] => {
  const events: MonitoredAccountEvent[] = [];
  const before = detailsOf(current);
  const after: AccountDetails = {
    username: changes.username ?? before.username,
    displayName: changes.displayName ?? before.displayName,
    bio: changes.bio === undefined ? before.bio : changes.bio,
    profilePicture: changes.profilePicture === undefined ? before.profilePicture : changes.profilePicture,
    topicKeyword: changes.topicKeyword === undefined ? before.topicKeyword : changes.topicKeyword,
    xUserId: changes.xUserId === undefined ? before.xUserId : changes.xUserId,
    isActive: changes.isActive ?? before.isActive,
    userOnly: changes.userOnly ?? before.userOnly,
  };
  if (!sameRecord(before, after)) events.push({ type: 'MonitoredAccountEdited', data: { accountId: current.accountId, ...after } });
  events.push(...visibilityEvents(current, changes));
  const schedule = scheduleAfter(current, changes.monitoringTier, changes.monitoringInterval);
  if (schedule.monitoringTier !== current.monitoringTier || schedule.monitoringInterval !== current.monitoringInterval) {
    if (!xAdminVerified) throw forbidden(X_ADMIN_REQUIRED_FOR_TIERS, 'X_ADMIN_REQUIRED');
    events.push({ type: 'MonitoringScheduleChanged', data: { accountId: current.accountId, ...schedule } });
  }
  if (changes.shouldMonitor !== undefined && changes.shouldMonitor !== current.shouldMonitor) {
    events.push({ type: changes.shouldMonitor ? 'MonitoringResumed' : 'MonitoringPaused', data: { accountId: current.accountId } });
  }
  return events;
};

const visibilityEvents = (current: MonitoredAccount, change: VisibilityChange): MonitoredAccountEvent[] => {
  const before: AccountVisibility = { visibleToLegacy: current.visibleToLegacy, visibleToNormal: current.visibleToNormal, adminOnly: current.adminOnly };
  const after: AccountVisibility = {
    visibleToLegacy: change.visibleToLegacy ?? before.visibleToLegacy,
    visibleToNormal: change.visibleToNormal ?? before.visibleToNormal,
    adminOnly: change.adminOnly ?? before.adminOnly,
  };
  return sameRecord(before, after) ? [] : [{ type: 'MonitoredAccountVisibilityChanged', data: { accountId: current.accountId, ...after } }];
};

export const decideMonitoredAccount = (command: MonitoredAccountCommand, state: MonitoredAccountState): MonitoredAccountEvent[] => {
  switch (command.type) {
    case 'AddMonitoredAccount': {
      const { actor, input } = command;
      if (!canAdd(actor)) throw forbidden(ACCOUNT_MESSAGES.addForbidden, 'ADD_NOT_ALLOWED');
      refuseAdminFields(actor, input);
      existing(state);
      const tier = input.monitoringTier ?? ACCOUNT_DEFAULTS.monitoringTier;
      const account: MonitoredAccount = {
        accountId: command.accountId,
        userId: adderId(actor),
        addedByOwner: false,
        source: 'user',
        approval: approvalOnAdd(actor, command.approvalRule),
        username: input.username,
        displayName: input.displayName,
        bio: input.bio ?? null,
        profilePicture: input.profilePicture ?? null,
        topicKeyword: input.topicKeyword ?? null,
        xUserId: input.xUserId ?? null,
        isActive: input.isActive ?? ACCOUNT_DEFAULTS.isActive,
        userOnly: input.userOnly ?? ACCOUNT_DEFAULTS.userOnly,
        shouldMonitor: input.shouldMonitor ?? ACCOUNT_DEFAULTS.shouldMonitor,
        monitoringTier: tier,
        monitoringInterval: input.monitoringInterval ?? (input.monitoringTier === undefined ? ACCOUNT_DEFAULTS.monitoringInterval : intervalOfTier(tier)),
        visibleToLegacy: input.visibleToLegacy ?? ACCOUNT_DEFAULTS.visibleToLegacy,
        visibleToNormal: input.visibleToNormal ?? ACCOUNT_DEFAULTS.visibleToNormal,
        adminOnly: input.adminOnly ?? ACCOUNT_DEFAULTS.adminOnly,
      };
      return [{ type: 'MonitoredAccountAdded', data: account }];
    }
    case 'AddLegacyAccount': {
      if (command.actor.kind !== 'user') throw forbidden(ACCOUNT_MESSAGES.addForbidden, 'ADD_NOT_ALLOWED');
      if (!command.pinAccepted) throw forbidden(ACCOUNT_MESSAGES.pinIncorrect, 'PIN_INCORRECT');
      existing(state);
      const account: MonitoredAccount = {
        accountId: command.accountId,
        userId: command.actor.userId,
        addedByOwner: true,
        source: 'legacy',
        approval: approvalOnAdd(command.actor),
        username: command.username,
        displayName: command.displayName,
        bio: null,
        profilePicture: command.profilePicture,
        topicKeyword: null,
        xUserId: command.xUserId,
        isActive: ACCOUNT_DEFAULTS.isActive,
        userOnly: command.userOnly,
        shouldMonitor: command.shouldMonitor,
        monitoringTier: ACCOUNT_DEFAULTS.monitoringTier,
        monitoringInterval: ACCOUNT_DEFAULTS.monitoringInterval,
        visibleToLegacy: ACCOUNT_DEFAULTS.visibleToLegacy,
        visibleToNormal: ACCOUNT_DEFAULTS.visibleToNormal,
        adminOnly: ACCOUNT_DEFAULTS.adminOnly,
      };
      return [{ type: 'MonitoredAccountAdded', data: account }];
    }
    case 'SeedCuratedAccount': {
      // Seeding runs at every start: an account seeded before (even one deleted since) stays as is.
      if (state.status !== 'none') return [];
      const { seed } = command;
      const tier = seed.monitoringTier ?? ACCOUNT_DEFAULTS.monitoringTier;
      const account: MonitoredAccount = {
        accountId: command.accountId,
        userId: null,
        addedByOwner: false,
        source: 'curated',
        approval: 'approved',
        username: seed.username,
        displayName: seed.displayName,
        bio: seed.bio ?? null,
        profilePicture: seed.profilePicture ?? null,
        topicKeyword: seed.topicKeyword ?? null,
        xUserId: seed.xUserId ?? null,
        isActive: ACCOUNT_DEFAULTS.isActive,
        userOnly: false,
        shouldMonitor: ACCOUNT_DEFAULTS.shouldMonitor,
        monitoringTier: tier,
        monitoringInterval: intervalOfTier(tier),
        visibleToLegacy: ACCOUNT_DEFAULTS.visibleToLegacy,
        visibleToNormal: ACCOUNT_DEFAULTS.visibleToNormal,
        adminOnly: ACCOUNT_DEFAULTS.adminOnly,
      };
      return [{ type: 'MonitoredAccountAdded', data: account }];
    }
    case 'EditMonitoredAccount':
      return editEvents(manageable(state, command.actor), command.changes, command.xAdminVerified);
    case 'SetAccountVisibility':
      return visibilityEvents(manageable(state, command.actor), command.visibility);
    case 'AssignMonitoringTier': {
      const current = manageable(state, command.actor);
      if (!command.xAdminVerified) {
        throw forbidden(X_ADMIN_REQUIRED_FOR_TIERS, 'X_ADMIN_REQUIRED');
      }
      if (current.monitoringTier === command.tier && current.monitoringInterval === intervalOfTier(command.tier)) return [];
      return [
        { type: 'MonitoringScheduleChanged', data: { accountId: current.accountId, monitoringTier: command.tier, monitoringInterval: intervalOfTier(command.tier) } },
      ];
    }
    case 'ApproveMonitoredAccount': {
      const current = manageable(state, command.actor);
      return current.approval === 'approved' ? [] : [{ type: 'MonitoredAccountApproved', data: { accountId: current.accountId } }];
    }
    case 'PauseMonitoring': {
      const current = manageable(state, command.actor);
      return current.shouldMonitor ? [{ type: 'MonitoringPaused', data: { accountId: current.accountId } }] : [];
    }
    case 'ResumeMonitoring': {
      const current = manageable(state, command.actor);
      return current.shouldMonitor ? [] : [{ type: 'MonitoringResumed', data: { accountId: current.accountId } }];
    }
    case 'ResolveXUser': {
      // A late answer for an account deleted meanwhile, or one resolved already, changes nothing.
      if (state.status !== 'live' || state.account.xUserId !== null) return [];
      const { profile } = command;
      return [
        {
          type: 'MonitoredAccountXUserResolved',
          data: {
            accountId: state.account.accountId,
            xUserId: profile.xUserId,
            profilePicture: state.account.profilePicture ?? profile.profilePicture,
            bio: state.account.bio ?? profile.bio,
          },
        },
      ];
    }
    case 'DeleteMonitoredAccount': {
      // Deleting twice answers like deleting once, for whoever could delete it.
      if (state.status === 'deleted' && canManage(command.actor)) return [];
      const current = manageable(state, command.actor);
      return [
        {
          type: 'MonitoredAccountDeleted',
          data: { accountId: current.accountId, username: current.username, userId: current.userId, addedByOwner: current.addedByOwner },
        },
      ];
    }
    default:
      return assertNever(command, 'monitored account command');
  }
};

/** The live account with some fields replaced; events for an account not live change nothing. */
const patch = (state: MonitoredAccountState, fields: Partial<MonitoredAccount>): MonitoredAccountState =>
  state.status === 'live' ? { status: 'live', account: { ...state.account, ...fields, accountId: state.account.accountId } } : state;

export const evolveMonitoredAccount = (state: MonitoredAccountState, event: MonitoredAccountEvent): MonitoredAccountState => {
  switch (event.type) {
    case 'MonitoredAccountAdded':
      return { status: 'live', account: { ...event.data, approval: event.data.approval ?? 'approved' } };
    case 'MonitoredAccountApproved':
      return patch(state, { approval: 'approved' });
    case 'MonitoredAccountEdited':
    case 'MonitoredAccountVisibilityChanged':
    case 'MonitoringScheduleChanged':
    case 'MonitoredAccountXUserResolved':
      return patch(state, event.data);
    case 'MonitoringPaused':
      return patch(state, { shouldMonitor: false });
    case 'MonitoringResumed':
      return patch(state, { shouldMonitor: true });
    case 'MonitoredAccountDeleted':
      return state.status === 'live' ? { status: 'deleted', account: state.account } : state;
    default: {
      // Exhaustive at compile time; an event type from a newer version is ignored at run time.
      const _unknown: never = event;
      return state;
    }
  }
};

export const monitoredAccountDecider: Decider<MonitoredAccountCommand, MonitoredAccountEvent, MonitoredAccountState> = {
  decide: decideMonitoredAccount,
  evolve: evolveMonitoredAccount,
  initialState: () => ({ status: 'none' }),
};
