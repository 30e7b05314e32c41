// One polling setting: a number input (minimum from the catalogue, 1 for intervals), an hour as a
// 12-hour choice, or a switch. A protected setting asks for the X Admin token first when this
// session has not passed the step-up.
import { useEffect, useState } from 'react';
import { Lock } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { updateSetting, type PollingSettingView } from '@web/features/polling/api/polling';
import { hourLabel } from '@web/features/polling/hour-label';
import { askForToken, useXAdminVerified } from '@web/features/polling/x-admin-store';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

function changedLine(s: PollingSettingView): string {
  if (s.updatedAt === null) return `Default (${s.unit === 'hour' ? hourLabel(Number(s.defaultValue)) : s.defaultValue})`;
  const when = new Date(s.updatedAt).toLocaleString();
  return `Changed ${s.updatedBy === null ? '' : `by ${s.updatedBy} `}on ${when}`;
}

export function SettingField({ setting }: { setting: PollingSettingView }) {
  const verified = useXAdminVerified();
  const [draft, setDraft] = useState(setting.settingValue);
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(setting.settingValue), [setting.settingValue]);
  const id = `setting-${setting.settingKey}`;

  const save = (value: string) => {
    const run = async () => {
      setBusy(true);
      const updated = await updateSetting(setting, value);
      setBusy(false);
      if (updated === null) setDraft(setting.settingValue);
    };
    if (setting.requiresXAuth && !verified) askForToken(() => void run());
    else void run();
  };

  return (
    <div className="grid gap-2 border-b py-4 last:border-b-0 sm:grid-cols-[1fr_auto] sm:items-center" data-testid={id}>
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={id}>{setting.displayName}</Label>
          {setting.requiresXAuth && (
            <Badge variant="outline" className="gap-1">
              <Lock className="size-3" /> X Admin
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{setting.description}</p>
        <p className="text-xs text-muted-foreground">{changedLine(setting)}</p>
      </div>
      <div className="flex items-center gap-2">
        {setting.settingType === 'boolean' ? (
          <Switch id={id} checked={draft === 'true'} disabled={busy} onCheckedChange={(on) => (setDraft(String(on)), save(String(on)))} />
        ) : setting.unit === 'hour' ? (
          <Select value={draft} disabled={busy} onValueChange={(v) => (setDraft(v), save(v))}>
            <SelectTrigger id={id} className="w-32" aria-label={setting.displayName}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {HOURS.map((h) => (
                <SelectItem key={h} value={String(h)}>
                  {hourLabel(h)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <form
            className="flex items-center gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              save(draft);
            }}
          >
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={setting.min ?? 1}
              max={setting.max ?? undefined}
              step={1}
              required
              className="w-24"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
            {setting.unit === 'minutes' && <span className="text-sm text-muted-foreground">min</span>}
            <Button type="submit" size="sm" disabled={busy || draft === setting.settingValue}>
              Save
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
