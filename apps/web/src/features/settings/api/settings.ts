// The Settings page's calls (/api/settings, /api/auth/profile, /api/auth/change-password). Each
// action raises its toast and refreshes the session and the settings it changed.
import useSWR, { mutate } from 'swr';
import type { Preferences } from '@core/users/preferences';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage, StaleRevisionError } from '@web/lib/api';
import { refetchAuthStatus, sessionRenewed } from '@web/lib/auth';
import type { User } from '@web/lib/user-model';
import { TOKENS_KEY } from './tokens';

export const SETTINGS_KEY = '/api/settings';

export type SettingsView = {
  preferences: Preferences;
  subscribedToUpdates: boolean;
  timeZone: string;
  hasPassword: boolean;
  installationHourlyCap: number;
};

export type PreferencePatch = Partial<Preferences> & { subscribedToUpdates?: boolean };

export const useSettings = () => useSWR<SettingsView, Error>(SETTINGS_KEY);

/** How a section saves a preference: the page's savePreferences, based on the settings it shows. */
export type SavePreference = (patch: PreferencePatch, what: string) => Promise<unknown>;

/**
 * Saves at once (switches and selects): true when the server kept it. `basedOn`: the settings as
 * the page read them (their revision goes out as If-Match); a stale save is thrown for the page's
 * "changed elsewhere" (components/changed-elsewhere.tsx).
 */
export async function savePreferences(patch: PreferencePatch, what: string, basedOn?: SettingsView): Promise<boolean> {
  try {
    const answer = await apiRequest<SettingsView & { user: User }>('PUT', '/api/settings/preferences', patch, { basedOn });
    await mutate(SETTINGS_KEY, answer, { revalidate: false });
    await refetchAuthStatus();
    toast({ title: 'Settings saved', description: what });
    return true;
  } catch (err) {
    if (err instanceof StaleRevisionError) throw err;
    toast({ title: 'Failed to save settings', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    await mutate(SETTINGS_KEY);
    return false;
  }
}

/** Profile fields (and time zone); throws so the form can show the field's message. */
export async function saveProfile(fields: Record<string, string | undefined>): Promise<User> {
  const { user } = await apiRequest<{ user: User }>('PUT', '/api/auth/profile', fields);
  await sessionRenewed(user);
  await mutate(SETTINGS_KEY);
  return user;
}

/** Changes the password; the answer counts the API tokens the change revoked. */
export async function savePassword(fields: { currentPassword?: string; newPassword: string; confirmPassword: string }): Promise<{ user: User; tokensRevoked: number }> {
  const { user, tokensRevoked } = await apiRequest<{ user: User; tokensRevoked: number }>('PUT', '/api/auth/change-password', fields);
  await sessionRenewed({ ...user, passwordChangeRequired: false });
  await mutate(SETTINGS_KEY);
  await mutate(TOKENS_KEY);
  return { user, tokensRevoked };
}
