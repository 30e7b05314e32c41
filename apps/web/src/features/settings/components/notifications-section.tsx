// Notifications: e-mail on failed replies, the weekly summary and product updates (the subscribe
// flag of the e-mail dialog). Each switch saves at once.
import { Switch } from '@web/components/ui/switch';
import { type SavePreference, type SettingsView } from '@web/features/settings/api/settings';
import { Section, SwitchRow } from './section';

export function NotificationsSection({ settings, hasEmail, save }: { settings: SettingsView; hasEmail: boolean; save: SavePreference }) {
  const p = settings.preferences;
  return (
    <Section id="notifications" title="Notifications" description={hasEmail ? 'E-mails Riposte sends you.' : 'Add an e-mail address under Account Management to receive these.'}>
      <SwitchRow id="notify-failed" label="Email on failed replies" hint="One e-mail for each scheduled reply that ends failed.">
        <Switch id="notify-failed" checked={p.emailOnFailedReply} onCheckedChange={(v) => void save({ emailOnFailedReply: v }, v ? 'Failed replies will be e-mailed.' : 'No more e-mails about failed replies.')} />
      </SwitchRow>
      <SwitchRow id="notify-weekly" label="Weekly summary" hint="Replies sent and failed last week, every Monday.">
        <Switch id="notify-weekly" checked={p.weeklySummary} onCheckedChange={(v) => void save({ weeklySummary: v }, v ? 'Weekly summary on.' : 'Weekly summary off.')} />
      </SwitchRow>
      <SwitchRow id="notify-updates" label="Product updates" hint="Subscribe to product updates and tips.">
        <Switch id="notify-updates" checked={settings.subscribedToUpdates} onCheckedChange={(v) => void save({ subscribedToUpdates: v }, v ? 'Subscribed to product updates.' : 'Unsubscribed from product updates.')} />
      </SwitchRow>
    </Section>
  );
}
