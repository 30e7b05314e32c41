// Legacy Access (spec part 2 §2 Settings, §5): a PIN, checked on the server, opens a small form
// where a profile link or @username adds an account flagged addedByOwner, at most 3 per user. The
// PIN stays in this dialog's memory only (sent again with each add, never stored).
import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { ACCOUNT_MESSAGES, legacyPinSchema, usernameField } from '@core/monitoring/schemas';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Progress } from '@web/components/ui/progress';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api';
import { addLegacyAccount, verifyLegacyPin, type LegacyUsage } from '@web/features/monitored-accounts/api/accounts';
import { FieldError, invalidProps } from '@web/components/field';

const legacyUsername = usernameField(ACCOUNT_MESSAGES.legacyUsernameRequired);

type Props = { onClose: () => void };

export function LegacyAccessDialog({ onClose }: Props) {
  const [pin, setPin] = useState('');
  const [unlocked, setUnlocked] = useState<LegacyUsage | null>(null);
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function unlock(e: FormEvent) {
    e.preventDefault();
    const parsed = legacyPinSchema.safeParse({ pin });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      setUnlocked(await verifyLegacyPin(parsed.data.pin));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : ACCOUNT_MESSAGES.pinIncorrect);
    } finally {
      setBusy(false);
    }
  }

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!unlocked) return;
    if (unlocked.used >= unlocked.limit) {
      toast({ title: ACCOUNT_MESSAGES.legacyLimitTitle, description: ACCOUNT_MESSAGES.legacyLimit, variant: 'destructive' });
      return;
    }
    const parsed = legacyUsername.safeParse(link);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      await addLegacyAccount(pin, link);
      setLink('');
      setUnlocked({ ...unlocked, used: unlocked.used + 1 });
    } catch (err) {
      if (err instanceof ApiError && err.field) setError(err.message);
      if (err instanceof ApiError && (err.data as { code?: string } | undefined)?.code === 'LEGACY_LIMIT_REACHED') setUnlocked({ ...unlocked, used: unlocked.limit });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-md" data-testid="legacy-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <KeyRound className="size-5" />
            Legacy Access
          </DialogTitle>
          <DialogDescription>
            {unlocked ? `Add up to ${unlocked.limit} accounts from a profile link or @username.` : 'Enter the legacy access PIN to add accounts in Legacy Mode.'}
          </DialogDescription>
        </DialogHeader>

        {!unlocked ? (
          <form onSubmit={unlock} className="grid gap-4" noValidate aria-label="Legacy access PIN">
            <div className="grid gap-2">
              <Label htmlFor="legacy-pin">PIN</Label>
              <Input
                id="legacy-pin"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                value={pin}
                onChange={(e) => {
                  setPin(e.target.value);
                  setError(undefined);
                }}
                disabled={busy}
                {...invalidProps('legacy-pin', error)}
              />
              <FieldError id="legacy-pin" error={error} />
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy && <Spinner />}
                Unlock
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <form onSubmit={add} className="grid gap-4" noValidate aria-label="Add account in Legacy Mode">
            <div className="grid gap-2" data-testid="legacy-usage">
              <div className="flex justify-between text-sm">
                <span>Accounts in Legacy Mode</span>
                <span className="tabular-nums">
                  {unlocked.used} of {unlocked.limit}
                </span>
              </div>
              <Progress value={(unlocked.used / unlocked.limit) * 100} aria-label="Legacy Mode accounts used" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="legacy-link">Account URL or @username</Label>
              <Input
                id="legacy-link"
                value={link}
                placeholder="https://x.com/username"
                autoComplete="off"
                onChange={(e) => {
                  setLink(e.target.value);
                  setError(undefined);
                }}
                disabled={busy}
                {...invalidProps('legacy-link', error)}
              />
              <FieldError id="legacy-link" error={error} />
            </div>
            {unlocked.used >= unlocked.limit && <p className="text-sm text-muted-foreground">{ACCOUNT_MESSAGES.legacyLimit}</p>}
            <DialogFooter>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Done
              </Button>
              <Button type="submit" disabled={busy}>
                {busy && <Spinner />}
                Add Account
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
