// Application: time zone (schedules are planned in it), the replies per hour limit dispatch
// enforces (1-50), the style the composers start with, and auto-refresh (this browser only).
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { CLASSIC_STYLES, DEFAULT_CLASSIC_STYLE, type ClassicStyle } from '@core/styles';
import { HOURLY_CAP_MAX, HOURLY_CAP_MIN, PREFERENCE_MESSAGES } from '@core/users/preferences';
import { Field, invalidProps } from '@web/components/field';
import { StyleSelect } from '@web/components/style-select';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { autoRefreshState, setAutoRefresh } from '@web/lib/auto-refresh';
import { saveProfile, type SavePreference, type SettingsView } from '@web/features/settings/api/settings';
import { Section, SwitchRow } from './section';

const zones = (): string[] => {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
};

export function ApplicationSection({ settings, save }: { settings: SettingsView; save: SavePreference }) {
  const [zone, setZone] = useState(settings.timeZone);
  const [cap, setCap] = useState(String(settings.preferences.hourlyCap ?? settings.installationHourlyCap));
  const [capError, setCapError] = useState<string | undefined>();
  const autoRefresh = useSnapshot(autoRefreshState);

  async function saveZone(next: string) {
    setZone(next);
    try {
      await saveProfile({ timeZone: next });
      toast({ title: 'Settings saved', description: `Time zone: ${next}` });
    } catch (err) {
      setZone(settings.timeZone);
      toast({ title: 'Failed to save settings', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    }
  }

  async function saveCap(e: FormEvent) {
    e.preventDefault();
    const n = Number(cap);
    if (!/^\d+$/.test(cap.trim()) || n < HOURLY_CAP_MIN || n > HOURLY_CAP_MAX) return setCapError(PREFERENCE_MESSAGES.hourlyCap);
    setCapError(undefined);
    await save({ hourlyCap: n }, `At most ${n} replies an hour.`);
  }

  return (
    <Section id="application" title="Application" description="How Riposte plans and sends your replies.">
      <Field id="settings-zone" label="Time zone" hint="Schedules and peak windows use this zone.">
        <select
          id="settings-zone"
          className="h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm"
          value={zone}
          onChange={(e) => void saveZone(e.target.value)}
        >
          {zones().map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </Field>
      <form onSubmit={saveCap} noValidate className="grid gap-2" aria-label="Replies per hour">
        <Field id="settings-cap" label="Replies per hour limit" error={capError} hint={`Between ${HOURLY_CAP_MIN} and ${HOURLY_CAP_MAX}; replies over the limit wait for the next hour.`}>
          <div className="flex gap-2">
            <Input
              id="settings-cap"
              type="number"
              min={HOURLY_CAP_MIN}
              max={HOURLY_CAP_MAX}
              step={1}
              className="w-28"
              value={cap}
              onChange={(e) => {
                setCap(e.target.value);
                setCapError(undefined);
              }}
              {...invalidProps('settings-cap', capError)}
            />
            <Button type="submit" variant="outline">
              Save limit
            </Button>
          </div>
        </Field>
      </form>
      <Field id="settings-style" label="Default style" hint="The viral style the reply forms and templates start with.">
        <StyleSelect<ClassicStyle>
          id="settings-style"
          label="Default style"
          styles={CLASSIC_STYLES}
          value={settings.preferences.defaultStyle ?? DEFAULT_CLASSIC_STYLE}
          onChange={(s) => void save({ defaultStyle: s }, 'Default style saved.')}
        />
      </Field>
      <SwitchRow id="settings-auto-refresh" label="Auto-refresh" hint="Reload lists about every 30 seconds while a page is open. This browser only.">
        <Switch id="settings-auto-refresh" checked={autoRefresh.on} onCheckedChange={setAutoRefresh} />
      </SwitchRow>
    </Section>
  );
}
