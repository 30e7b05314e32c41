// The forced Change Password dialog (spec part 1 §4): opens by itself while the user must change
// the password and cannot be dismissed until the change succeeds. An account made through X sets its
// first password only soon after signing in with X; past that the server asks for a new sign-in,
// and the dialog offers it.
import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { startXLogin } from '@web/features/auth/api/x-login';
import { validate, type FieldErrors } from '@web/lib/form';
import { changePassword } from '@web/features/auth/api/session-actions';
import { changePasswordSchema, firstPasswordSchema } from '@web/features/auth/form-schemas';
import { Field, invalidProps } from '@web/components/field';
import { PasswordInput } from '@web/features/auth/components/password-input';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

const needsXSignIn = (err: unknown) => err instanceof ApiError && (err.data as { code?: string } | undefined)?.code === 'REAUTH_REQUIRED';

async function signInWithXAgain(): Promise<void> {
  const result = await startXLogin();
  if (result.ok) window.location.assign(result.url);
  else toast({ title: 'Authentication failed', description: result.lines[0], variant: 'destructive' });
}

function refuseDismissal(event: Event): void {
  event.preventDefault();
  toast({ title: 'Password change required', description: 'You must change your password before continuing.', variant: 'destructive' });
}

/** `hasPassword` false (an account made through X): the user sets a first password, no current one. */
export function ChangePasswordDialog({ open, hasPassword = true }: { open: boolean; hasPassword?: boolean }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [reauth, setReauth] = useState<string | null>(null);

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
      if (needsXSignIn(err)) setReauth(errorMessage(err, 'Please sign in with X again.'));
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
          {reauth !== null && (
            <div role="alert" className="grid gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <p>{reauth}</p>
              <Button type="button" variant="outline" className="justify-self-start" onClick={() => void signInWithXAgain()}>
                Sign in with X again
              </Button>
            </div>
          )}
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
