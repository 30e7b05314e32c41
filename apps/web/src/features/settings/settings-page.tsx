// /settings (spec part 2 'Settings'): Notifications, Application, Twitter API configuration (with
// the X API Status card for admins), Account Management, Billing Options, Legacy Access and the
// API tokens and the Danger Zone. Every control is saved on the server.
import { PageHeader } from '@web/components/page-header';
import { LoadError } from '@web/components/load-error';
import { PageSpinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';
import { useChangedElsewhere } from '@web/components/changed-elsewhere';
import { savePreferences, useSettings, type SavePreference, type SettingsView } from './api/settings';
import { AccountSection } from './components/account-section';
import { ApplicationSection } from './components/application-section';
import { DangerZone } from './components/danger-zone';
import { BillingLinks, LegacyAccessSection } from './components/links-sections';
import { NotificationsSection } from './components/notifications-section';
import { PushSection } from './components/push-section';
import { TokensSection } from './components/tokens-section';
import { XApiSection } from './components/x-api-section';

export default function SettingsPage() {
  const { user } = useAuth();
  const { data, error, mutate } = useSettings();
  const conflict = useChangedElsewhere();
  // Saved on top of the settings on screen; Reload shows the settings as they now are.
  const save: SavePreference = (patch, what) =>
    conflict.save(data, (basedOn) => savePreferences(patch, what, basedOn), { saved: () => undefined, reload: (current?: SettingsView) => void mutate(current, { revalidate: false }) });
  if (error) return <LoadError title="Error loading settings" onRetry={() => void mutate()} />;
  if (!data || !user) return <PageSpinner />;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="Settings" description="Notifications, preferences, your account and its data." />
      <NotificationsSection settings={data} hasEmail={user.email !== null} save={save} />
      <PushSection />
      <ApplicationSection key={`${data.timeZone}-${data.preferences.hourlyCap ?? ''}`} settings={data} save={save} />
      <XApiSection isAdmin={user.role === 'admin'} />
      <AccountSection key={user.updatedAt} user={user} />
      <TokensSection isAdmin={user.role === 'admin'} hasPassword={user.hasPassword} />
      <BillingLinks />
      <LegacyAccessSection />
      <DangerZone hasPassword={user.hasPassword} />
      {conflict.dialog}
    </div>
  );
}
