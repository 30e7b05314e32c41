// Danger Zone: export everything first, then delete the account (current password, or a recent
// sign-in with X for an account without one, and typing DELETE). What deletion removes and what it
// keeps: docs/adr/0028.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Field, invalidProps } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, apiRequest, errorMessage } from '@web/lib/api';
import { setSessionUser } from '@web/lib/auth';
import { Section } from './section';

function DeleteDialog({ open, hasPassword, onOpenChange }: { open: boolean; hasPassword: boolean; onOpenChange: (open: boolean) => void }) {
  const [, navigate] = useLocation();
  const [values, setValues] = useState({ currentPassword: '', confirm: '' });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await apiRequest('POST', '/api/settings/delete-account', { ...(hasPassword ? { currentPassword: values.currentPassword } : {}), confirm: values.confirm });
      await setSessionUser(null);
      toast({ title: 'Account deleted', description: 'Your account and its data have been deleted.' });
      navigate('/');
    } catch (err) {
      setError({ ...(err instanceof ApiError && err.field ? { field: err.field } : {}), message: errorMessage(err, 'Please try again') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Delete account">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Your schedules stop, your X accounts are disconnected and their access revoked at X, and your data is erased. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          {hasPassword && (
            <Field id="delete-password" label="Current password" error={error?.field === 'currentPassword' ? error.message : undefined}>
              <Input id="delete-password" type="password" autoComplete="current-password" value={values.currentPassword} onChange={(e) => setValues((v) => ({ ...v, currentPassword: e.target.value }))} {...invalidProps('delete-password', error?.field === 'currentPassword' ? error.message : undefined)} />
            </Field>
          )}
          <Field id="delete-confirm" label="Type DELETE to confirm" error={error?.field === 'confirm' ? error.message : undefined}>
            <Input id="delete-confirm" autoComplete="off" value={values.confirm} onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.value }))} {...invalidProps('delete-confirm', error?.field === 'confirm' ? error.message : undefined)} />
          </Field>
          {error && error.field === undefined && (
            <p role="alert" className="text-sm text-destructive">
              {error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? 'Deleting...' : 'Delete account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DangerZone({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Section id="danger" title="Danger Zone" tone="danger" description="Download your data, or delete your account for good.">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h4 className="font-medium">Export my data</h4>
          <p className="text-sm text-muted-foreground">A JSON file with your account, settings, templates, schedules, replies and X accounts.</p>
        </div>
        <Button asChild variant="outline">
          <a href="/api/settings/export" download data-testid="export-data">
            Export my data
          </a>
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h4 className="font-medium">Delete account</h4>
          <p className="text-sm text-muted-foreground">Export your data first: deletion cannot be undone.</p>
        </div>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      <DeleteDialog open={open} hasPassword={hasPassword} onOpenChange={setOpen} />
    </Section>
  );
}
