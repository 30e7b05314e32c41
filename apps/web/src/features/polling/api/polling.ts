// Admin polling settings and account tiers (spec part 2 §7). Actions raise the toasts of spec §8
// and refresh the lists; a refusal for want of the X Admin step-up forgets the page's verification.
import useSWR, { mutate } from 'swr';
import type { AccountView } from '@core/monitoring/views';
import type { MonitoringTier } from '@core/monitoring/tiers';
import { POLLING_MESSAGES } from '@core/polling/messages';
import type { PollingSettingView } from '@core/polling/views';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, apiRequest, errorMessage } from '@web/lib/api';
import { forgetVerification, markVerified } from '@web/features/polling/x-admin-store';

export type { AccountView, PollingSettingView };

export const SETTINGS_KEY = '/api/admin/polling-settings';
export const TIER_SETTINGS_KEY = '/api/admin/polling-settings/category/tiers';
export const ADMIN_ACCOUNTS_KEY = '/api/admin/accounts';

export const usePollingSettings = () => useSWR<PollingSettingView[], Error>(SETTINGS_KEY);
export const useTierSettings = () => useSWR<PollingSettingView[], Error>(TIER_SETTINGS_KEY);
export const useAdminAccounts = () => useSWR<AccountView[], Error>(ADMIN_ACCOUNTS_KEY);

const reason = (err: unknown): string | undefined => (err instanceof ApiError ? (err.data as { code?: string } | undefined)?.code : undefined);

/** True when the server refused for want of the step-up (the page then asks for the token again). */
export const needsStepUp = (err: unknown): boolean => reason(err) === 'X_ADMIN_REQUIRED';

export async function verifyXAdminToken(userId: string, token: string): Promise<boolean> {
  try {
    await apiRequest<{ success: boolean }>('POST', `${SETTINGS_KEY}/verify-x-admin`, { xAdminToken: token });
    markVerified(userId);
    toast({ title: 'X Admin verified', description: 'Tier changes are unlocked for this session.' });
    return true;
  } catch (err) {
    const wrong = err instanceof ApiError && err.status === 403;
    toast({
      title: POLLING_MESSAGES.authFailedTitle,
      description: wrong ? POLLING_MESSAGES.authFailed : errorMessage(err, POLLING_MESSAGES.authFailed),
      variant: 'destructive',
    });
    return false;
  }
}

const refusedForStepUp = (message: string) => {
  forgetVerification();
  toast({ title: POLLING_MESSAGES.authRequiredTitle, description: message, variant: 'destructive' });
};

export async function updateSetting(setting: PollingSettingView, value: string): Promise<PollingSettingView | null> {
  try {
    const updated = await apiRequest<PollingSettingView>('PUT', `${SETTINGS_KEY}/${encodeURIComponent(setting.settingKey)}`, { value });
    toast({ title: 'Setting updated', description: `${setting.displayName} is now ${value}` });
    await Promise.all([mutate(SETTINGS_KEY), mutate(TIER_SETTINGS_KEY)]);
    return updated;
  } catch (err) {
    if (needsStepUp(err)) refusedForStepUp(errorMessage(err, POLLING_MESSAGES.authRequiredSetting));
    else toast({ title: POLLING_MESSAGES.updateSettingFailed, description: errorMessage(err, POLLING_MESSAGES.updateSettingFailed), variant: 'destructive' });
    return null;
  }
}

export async function updateAccountTier(account: AccountView, tier: MonitoringTier): Promise<boolean> {
  try {
    await apiRequest<AccountView>('PATCH', `${ADMIN_ACCOUNTS_KEY}/${encodeURIComponent(account.id)}/tier`, { tier });
    toast({ title: 'Tier updated', description: `@${account.username} is now on the ${tier} tier` });
    await mutate(ADMIN_ACCOUNTS_KEY);
    return true;
  } catch (err) {
    if (needsStepUp(err)) refusedForStepUp(POLLING_MESSAGES.authRequiredTier);
    else toast({ title: POLLING_MESSAGES.updateTierFailed, description: errorMessage(err, POLLING_MESSAGES.updateTierFailed), variant: 'destructive' });
    return false;
  }
}
