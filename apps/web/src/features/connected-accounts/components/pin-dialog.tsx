// The PIN entry dialog (spec part 2 §2, §5 'Connection'): the PIN X showed after authorisation.
import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import type { PinTarget } from '@web/features/connected-accounts/api/connect-flow';
import { MSG } from '@web/features/connected-accounts/api/messages';
import { reconnectPin, refreshAccounts, verifyPin } from '@web/features/connected-accounts/api/x-accounts';

/** X refused the PIN but the authorisation is still open: the person types it again. */
const mistyped = (err: unknown): boolean => err instanceof ApiError && (err.data as { code?: string } | undefined)?.code === 'PIN_REJECTED';

/**
 * `onRestart`: a new authorisation for the same account (the one in hand can no longer be used:
 * expired, already used, or too many wrong PINs), offered in place.
 */
export function PinDialog({ target, onClose, onRestart }: { target: PinTarget | null; onClose: () => void; onRestart: (target: PinTarget) => void }) {
  const [pinCode, setPinCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState(target?.token);
  if (shownFor !== target?.token) {
    // A new authorisation (Start again): a fresh form.
    setShownFor(target?.token);
    setPinCode('');
    setError(null);
    setEnded(false);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!target) return;
    if (pinCode.trim() === '') {
      setError(MSG.pinRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = target.accountId ? await reconnectPin(target.accountId, pinCode.trim(), target.token) : await verifyPin(target.token, pinCode.trim());
      toast({ title: target.accountId ? 'X account reconnected' : 'X account connected', description: `@${answer.username} is now connected.` });
      setPinCode('');
      onClose();
      await refreshAccounts();
    } catch (err) {
      const message = errorMessage(err, MSG.pinFailed);
      // Shown once, in the dialog: beside the field while the PIN can be typed again; as
      // 'Authentication Failed' with 'Start again' when this authorisation is over.
      setError(message);
      setEnded(!mistyped(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent data-testid="pin-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{target?.accountId ? `Reconnect @${target.username ?? ''}` : 'Enter the PIN from X'}</DialogTitle>
            <DialogDescription>Authorise Riposte in the X window, then type the PIN X shows you here.</DialogDescription>
          </DialogHeader>
          {ended ? (
            <div role="alert" className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
              <p className="font-medium text-destructive">Authentication Failed</p>
              <p>{error}</p>
              <p className="text-muted-foreground">Start again to open X once more and get a new PIN.</p>
            </div>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor="x-pin">PIN</Label>
              <Input
                id="x-pin"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={pinCode}
                onChange={(e) => {
                  setPinCode(e.target.value);
                  setError(null);
                }}
                aria-invalid={error !== null}
                aria-describedby={error ? 'x-pin-error' : undefined}
              />
              {error && (
                <p id="x-pin-error" role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            {ended ? (
              <Button type="button" onClick={() => target && onRestart(target)}>
                Start again
              </Button>
            ) : (
              <Button type="submit" disabled={busy}>
                {busy ? 'Verifying...' : 'Verify PIN'}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
