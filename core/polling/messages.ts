import { X_ADMIN_REQUIRED_FOR_TIERS } from '@core/monitoring/tiers';

/** The admin pages' texts (spec part 2 §8, §9) and the server's answers about polling settings. */
export const POLLING_MESSAGES = {
  notFound: 'Polling setting not found',
  tokenEmpty: 'Please enter your X Admin token.',
  authFailedTitle: 'Authentication failed',
  authFailed: 'Invalid X Admin credentials.',
  authRequiredTitle: 'Authentication required',
  authRequiredTier: X_ADMIN_REQUIRED_FOR_TIERS,
  authRequiredSetting: 'X Admin authentication is required to change this setting.',
  updateSettingFailed: 'Failed to update setting',
  updateTierFailed: 'Failed to update account tier',
  loadFailed: 'Failed to load polling settings. Please try again later.',
  noAccounts: 'No accounts found. Add accounts to assign tiers.',
  unavailable: 'X Admin verification needs the X app credentials (RIPOSTE_X_API_KEY and RIPOSTE_X_API_SECRET) or sandbox X',
} as const;
