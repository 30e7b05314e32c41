// The X Admin token dialog (spec part 2 §4, §9): the token is the X app's API secret
// (docs/adr/0022); an empty one is refused here with the spec's text, a wrong one by the server.
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { POLLING_MESSAGES } from '@core/polling/messages';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { useAuth } from '@web/lib/auth';
import { verifyXAdminToken } from '@web/features/polling/api/polling';
import { closeTokenDialog, xAdminState } from '@web/features/polling/x-admin-store';

export function XAdminDialog() {
  const open = useSnapshot(xAdminState).dialogOpen;
  const { user } = useAuth();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);

  const close = (verified: boolean) => {
    setToken('');
    closeTokenDialog(verified);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (token.trim() === '') {
      toast({ title: POLLING_MESSAGES.authRequiredTitle, description: POLLING_MESSAGES.tokenEmpty, variant: 'destructive' });
      return;
    }
    if (user === null) return;
    setBusy(true);
    const ok = await verifyXAdminToken(user.id, token.trim());
    setBusy(false);
    if (ok) close(true);
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close(false)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>X Admin verification</DialogTitle>
            <DialogDescription>
              Enter the X app&apos;s API secret (the installation&apos;s RIPOSTE_X_API_SECRET; in sandbox mode, the emulator app&apos;s secret). It
              unlocks tier changes and protected settings for this session only.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="x-admin-token">X Admin token</Label>
            <Input id="x-admin-token" type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Verifying...' : 'Verify'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
