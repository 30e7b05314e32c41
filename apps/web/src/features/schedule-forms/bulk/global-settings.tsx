// The Global settings card (spec part 2 §2): what every new row starts with, and a button to
// apply them to the rows already in the table.
import { AiProviderNote } from '@web/components/ai-provider-note';
import { Settings2 } from 'lucide-react';
import { BULK_SLOTS, RECURRING_TYPES, type BulkSlot, type RecurringType } from '@core/scheduling/time';
import { CLASSIC_STYLES } from '@core/styles';
import { OptionSelect } from '@web/components/option-select';
import { Button } from '@web/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { AutoReplyField, PostRuleField, type XAccount, XAccountSelect } from '@web/features/schedules';
import { bulkPostChoice } from './bulk-validation';
import { StyleSelect } from '@web/components/style-select';
import { applyGlobalToAll, setGlobal, type GlobalSettings as Settings } from './bulk-store';
import { FREQUENCY, SLOT_LABELS } from './row-controls';

type Props = { settings: Settings; xAccounts: XAccount[]; today: string; rowCount: number; disabled: boolean };

export function GlobalSettings({ settings, xAccounts, today, rowCount, disabled }: Props) {
  return (
    <Card data-testid="global-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Settings2 className="size-4" />
          Global Settings
        </CardTitle>
        <CardDescription>New replies start with these settings.</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" onClick={applyGlobalToAll} disabled={disabled || rowCount === 0}>
            Apply to all replies
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4 [&>*]:min-w-0">
        <div className="grid content-start gap-2">
          <Label htmlFor="bulk-global-account">Post from</Label>
          <XAccountSelect id="bulk-global-account" label="Post from" accounts={xAccounts} value={settings.connectedAccountId} onChange={(connectedAccountId) => setGlobal({ connectedAccountId })} disabled={disabled} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="bulk-global-tone">Tone</Label>
          <StyleSelect id="bulk-global-tone" label="Tone" styles={CLASSIC_STYLES} value={settings.tone} onChange={(tone) => setGlobal({ tone })} disabled={disabled} compact />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="bulk-global-slot">Time slot</Label>
          <OptionSelect id="bulk-global-slot" label="Time slot" options={BULK_SLOTS.map((v) => ({ value: v, label: SLOT_LABELS[v] }))} value={settings.scheduledTime} onChange={(scheduledTime: BulkSlot) => setGlobal({ scheduledTime })} disabled={disabled} />
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="bulk-global-date">Date</Label>
          <Input id="bulk-global-date" type="date" min={today} value={settings.scheduledDate} onChange={(e) => setGlobal({ scheduledDate: e.target.value })} disabled={disabled} />
        </div>
        <label className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2" htmlFor="bulk-global-recurring">
          <span className="text-sm font-medium">Recurring</span>
          <span className="flex items-center gap-2">
            {settings.isRecurring && (
              <OptionSelect label="Frequency" className="h-8 w-28 sm:h-8" options={RECURRING_TYPES.map((v) => ({ value: v, label: FREQUENCY[v] }))} value={settings.recurringType} onChange={(recurringType: RecurringType) => setGlobal({ recurringType })} disabled={disabled} />
            )}
            <Switch id="bulk-global-recurring" checked={settings.isRecurring} onCheckedChange={(isRecurring) => setGlobal({ isRecurring })} disabled={disabled} />
          </span>
        </label>
        <label className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2" htmlFor="bulk-global-ai">
          <span className="text-sm font-medium">Use AI</span>
          <Switch id="bulk-global-ai" checked={settings.useAI} onCheckedChange={(useAI) => setGlobal({ useAI })} disabled={disabled} />
        </label>
        <AiProviderNote />
        <div className="sm:col-span-2 xl:col-span-4">
          <AutoReplyField id="bulk-global-auto" choice={settings.auto} onChange={(auto) => setGlobal({ auto })} targetId={null} targetUsername={null} disabled={disabled} />
        </div>
        {!settings.auto.on && (
          <div className="sm:col-span-2 xl:col-span-4">
            <PostRuleField id="bulk-global-post" choice={bulkPostChoice(settings)} onChange={(post) => setGlobal({ post })} recurring={settings.isRecurring} targetUsername={null} disabled={disabled} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
