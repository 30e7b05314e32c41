/** A monitored account for tests: a visible, monitored account added by an admin; overridable. */
import type { MonitoredAccount } from './account';

export const aMonitoredAccount = (overrides: Partial<MonitoredAccount> = {}): MonitoredAccount => ({
  accountId: 'a1',
  userId: 'admin1',
  addedByOwner: false,
  source: 'user',
  approval: 'approved',
  username: 'naval',
  displayName: 'Naval',
  bio: null,
  profilePicture: null,
  topicKeyword: null,
  xUserId: null,
  isActive: true,
  userOnly: false,
  shouldMonitor: true,
  monitoringTier: 'standard',
  monitoringInterval: 15,
  visibleToLegacy: true,
  visibleToNormal: true,
  adminOnly: false,
  ...overrides,
});
