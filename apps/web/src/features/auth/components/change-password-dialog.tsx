// The forced Change Password dialog (spec part 1 §4): opens by itself while the user must change
// the password and cannot be dismissed until the change succeeds.
import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { validate, type FieldErrors } from '@web/lib/form';
import { changePassword } from '@web/features/auth/api/session-actions';
import { changePasswordSchema, firstPasswordSchema } from '@web/features/auth/form-schemas';
import { Field, invalidProps } from '@web/features/auth/components/field';
import { PasswordInput } from '@web/features/auth/components/password-input';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

function refuseDismissal(event: Event): void {
  event.preventDefault();
  toast({ title: 'Password change required', description: 'You must change your password before continuing.', variant: 'destructive' });
}

/** `hasPassword` false (an account made through X): the user sets a first password, no current one. */
export function ChangePasswordDialog({ open, hasPassword = true }: { open: boolean; hasPassword?: boolean }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = hasPassword ? validate(changePasswordSchema, values) : validate(firstPasswordSchema, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setSaving(true);
    try {
      await changePassword({ currentPassword: '', ...parsed.value });
      setValues(empty);
      toast({ title: 'Password changed successfully', description: 'Your new password has been set. You can now use the application.' });
    } catch (err) {
      toast({ title: 'Password change failed', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open}>
      <DialogContent
        showCloseButton={false}
        onEscapeKeyDown={refuseDismissal}
        onPointerDownOutside={refuseDismissal}
        onInteractOutside={(e) => e.preventDefault()}
        className="sm:max-w-md"
        data-testid="change-password-dialog"
      >
        <DialogHeader>
          <div className="mx-auto mb-1 grid size-11 place-items-center rounded-full bg-amber-100 text-amber-700 sm:mx-0">
            <KeyRound className="size-5" />
          </div>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            {hasPassword ? 'For your security, choose a new password before you continue.' : 'Choose a password for your Riposte account before you continue.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          {hasPassword && (
            <Field id="cp-current" label="Current password" error={errors.currentPassword}>
              <PasswordInput id="cp-current" name="currentPassword" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} {...invalidProps('cp-current', errors.currentPassword)} />
            </Field>
          )}
          <Field id="cp-new" label="New password" error={errors.newPassword}>
            <PasswordInput id="cp-new" name="newPassword" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} {...invalidProps('cp-new', errors.newPassword)} />
          </Field>
          <Field id="cp-confirm" label="Confirm new password" error={errors.confirmPassword}>
            <PasswordInput id="cp-confirm" name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} {...invalidProps('cp-confirm', errors.confirmPassword)} />
          </Field>
          <DialogFooter>
            <Button type="submit" disabled={saving} className="w-full sm:w-auto">
              {saving && <Spinner />}
              {saving ? 'Changing...' : 'Change Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
