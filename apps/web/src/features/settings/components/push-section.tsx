// Notifications on this device (Web Push): a reply that is ready for your tap, or that did not go
// out, shows up on the phone or desktop at once, with one tap to X's composer. The list names every
// device that gets them; each can be turned off here.
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { disablePushDevice, enablePushOnThisDevice, pushSupport, sendTestPush, thisDeviceId, usePushDevices } from '@web/features/settings/api/push';
import { Section } from './section';

const WHY_NOT: Record<Exclude<ReturnType<typeof pushSupport>, 'supported'>, string> = {
  insecure: 'Notifications need the site on https (or localhost).',
  unsupported: 'This browser cannot receive notifications from web apps. On an iPhone, add Riposte to the Home Screen first.',
  denied: 'Notifications are blocked for this site; allow them in the browser’s site settings, then come back.',
};

export function PushSection() {
  const { data: devices } = usePushDevices();
  const [busy, setBusy] = useState(false);
  const support = pushSupport();
  const mine = thisDeviceId();
  const thisOne = devices?.find((d) => d.id === mine) ?? null;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast({ title: 'Notifications', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section
      id="push"
      title="Notifications on this device"
      description="Be told the moment a reply is ready for your tap or did not go out, with a link that opens X's composer with the reply filled in."
    >
      {support !== 'supported' ? (
        <p className="text-sm text-muted-foreground" data-testid="push-unsupported">
          {WHY_NOT[support]}
        </p>
      ) : thisOne === null ? (
        <Button type="button" disabled={busy} onClick={() => void run(async () => void (await enablePushOnThisDevice(), toast({ title: 'Notifications on', description: 'This device will be told about ready and failed replies.' })))}>
          Notify this device
        </Button>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const { sent, failed } = await sendTestPush();
                toast({ title: sent > 0 ? 'Test notification sent' : 'No device took it', description: `${sent} delivered, ${failed} not delivered.` });
              })
            }
          >
            Send a test notification
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => void run(async () => void (await disablePushDevice(thisOne.id), toast({ title: 'Notifications off on this device' })))}>
            Stop notifying this device
          </Button>
        </div>
      )}
      {devices !== undefined && devices.length > 0 && (
        <ul className="grid gap-2" aria-label="Devices with notifications">
          {devices.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 rounded-md border p-3 text-sm">
              <span className="min-w-0 truncate">
                {d.label || 'A browser'}
                {d.id === mine && <span className="ml-2 text-muted-foreground">(this device)</span>}
                <span className="block text-xs text-muted-foreground">since {new Date(d.createdAt).toLocaleDateString()}</span>
              </span>
              {d.id !== mine && (
                <Button type="button" size="sm" variant="ghost" disabled={busy} aria-label={`Stop notifying ${d.label || 'this browser'}`} onClick={() => void run(() => disablePushDevice(d.id))}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
