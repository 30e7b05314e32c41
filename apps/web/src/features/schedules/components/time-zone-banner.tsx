// The Schedules page's time-zone banner (spec part 2 §2): the zone times are shown in and its UTC
// offset now. The zone is the user's profile zone (taken from the browser at sign-up); Change sets
// it (PUT /api/auth/profile). New schedules are made in it; existing ones keep the zone they were
// made in, so a 9:00 reply stays at 9:00 where it was meant.
import { useState } from 'react';
import { Globe } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { apiRequest, errorMessage } from '@web/lib/api';
import { setSessionUser } from '@web/lib/auth';
import type { User } from '@web/lib/user-model';
import { browserZone } from '@web/lib/time-format';
import { utcOffsetLabel } from '@web/features/schedules/schedule-display';

const ZONES = [...Intl.supportedValuesOf('timeZone'), 'UTC'].sort();

function ZoneDialog({ open, onOpenChange, zone }: { open: boolean; onOpenChange: (open: boolean) => void; zone: string }) {
  const [choice, setChoice] = useState(zone);
  const [saving, setSaving] = useState(false);
  const here = browserZone();

  async function save() {
    setSaving(true);
    try {
      const { user } = await apiRequest<{ user: User }>('PUT', '/api/auth/profile', { timeZone: choice });
      await setSessionUser(user);
      toast({ title: 'Time zone updated', description: `Times are now shown in ${choice}.` });
      onOpenChange(false);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to update the time zone'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !saving && onOpenChange(o)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Your time zone</DialogTitle>
          <DialogDescription>New schedules are made in this zone and every time is shown in it. Existing schedules keep the zone they were made in.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="zone-select">Time zone</Label>
          <select
            id="zone-select"
            className="h-9 rounded-md border bg-transparent px-3 text-sm"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            disabled={saving}
          >
            {ZONES.map((z) => (
              <option key={z} value={z}>
                {z} ({utcOffsetLabel(z)})
              </option>
            ))}
          </select>
          {here !== choice && (
            <Button type="button" variant="link" className="h-auto justify-self-start p-0" onClick={() => setChoice(here)} disabled={saving}>
              Use this browser's zone ({here})
            </Button>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={saving || choice === zone}>
            {saving && <Spinner />}
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function TimeZoneBanner({ zone, now }: { zone: string; now: Date }) {
  const [open, setOpen] = useState(false);
  return (
    <Alert data-testid="time-zone-banner" className="border-sky-200 bg-sky-50">
      <Globe />
      <AlertTitle>
        Times are shown in your time zone: {zone} ({utcOffsetLabel(zone, now)})
      </AlertTitle>
      <AlertDescription className="flex flex-wrap items-center gap-x-2">
        <span>Replies go out at these local times, also across daylight-saving changes.</span>
        <Button variant="link" className="h-auto p-0" onClick={() => setOpen(true)}>
          Change
        </Button>
      </AlertDescription>
      {open && <ZoneDialog open={open} onOpenChange={setOpen} zone={zone} />}
    </Alert>
  );
}
