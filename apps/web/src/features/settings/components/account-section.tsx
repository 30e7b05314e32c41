// Account Management: profile and e-mail (a new e-mail needs the current password), the password
// (current password required; an account made through X sets its first one here), and a reset link
// sent to the account's e-mail.
import { useState, type FormEvent } from 'react';
import { changePasswordSchema, firstPasswordSchema } from '@core/users/schemas';
import { Field, invalidProps } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, apiRequest, errorMessage } from '@web/lib/api';
import { validate, type FieldErrors } from '@web/lib/form';
import type { User } from '@web/lib/user-model';
import { savePassword, saveProfile } from '@web/features/settings/api/settings';
import { Section } from './section';

/** What the toast adds when a password change revoked API tokens. */
const revokedNote = (n: number): string => (n === 0 ? '' : ` ${n === 1 ? '1 API token was' : `${n} API tokens were`} revoked.`);

const fieldOf = (err: unknown): string | undefined => (err instanceof ApiError ? err.field : undefined);

function ProfileForm({ user }: { user: User }) {
  const [values, setValues] = useState({ username: user.username, fullName: user.fullName ?? '', email: user.email ?? '', currentPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // A first address is a change too: it receives reset links (the server asks for the password).
  const emailChanges = values.email.trim() !== '' && values.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase();
  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      await saveProfile({
        username: values.username,
        fullName: values.fullName,
        email: values.email,
        ...(values.currentPassword === '' ? {} : { currentPassword: values.currentPassword }),
      });
      set({ currentPassword: '' });
      toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
    } catch (err) {
      const field = fieldOf(err);
      if (field) setErrors({ [field]: errorMessage(err, 'Please try again') });
      toast({ title: 'Profile update failed', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Profile">
      <Field id="profile-username" label="Username" error={errors.username}>
        <Input id="profile-username" autoComplete="username" value={values.username} onChange={(e) => set({ username: e.target.value })} {...invalidProps('profile-username', errors.username)} />
      </Field>
      <Field id="profile-fullname" label="Full name" error={errors.fullName}>
        <Input id="profile-fullname" autoComplete="name" value={values.fullName} onChange={(e) => set({ fullName: e.target.value })} {...invalidProps('profile-fullname', errors.fullName)} />
      </Field>
      <Field id="profile-email" label="Email" error={errors.email}>
        <Input id="profile-email" type="email" autoComplete="email" value={values.email} onChange={(e) => set({ email: e.target.value })} {...invalidProps('profile-email', errors.email)} />
      </Field>
      {emailChanges && user.hasPassword && (
        <Field id="profile-current" label="Current password" error={errors.currentPassword} hint="Needed to change your e-mail.">
          <Input id="profile-current" type="password" autoComplete="current-password" value={values.currentPassword} onChange={(e) => set({ currentPassword: e.target.value })} {...invalidProps('profile-current', errors.currentPassword)} />
        </Field>
      )}
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = hasPassword ? validate(changePasswordSchema, values) : validate(firstPasswordSchema, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setSaving(true);
    try {
      const { tokensRevoked } = await savePassword(hasPassword ? values : { newPassword: values.newPassword, confirmPassword: values.confirmPassword });
      setValues(empty);
      toast({ title: 'Password changed', description: `Your password has been changed successfully.${revokedNote(tokensRevoked)}` });
    } catch (err) {
      const field = fieldOf(err);
      if (field) setErrors({ [field]: errorMessage(err, 'Please try again') });
      toast({ title: 'Password change failed', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={hasPassword ? 'Change password' : 'Set a password'}>
      <h4 className="font-medium">{hasPassword ? 'Change password' : 'Set a password'}</h4>
      {!hasPassword && <p className="text-sm text-muted-foreground">You sign in with X. Set a password to sign in with your username too.</p>}
      <p className="text-sm text-muted-foreground" data-testid="password-revokes-tokens">
        A new password signs you out everywhere else and revokes all your API tokens.
      </p>
      {hasPassword && (
        <Field id="password-current" label="Current password" error={errors.currentPassword}>
          <Input id="password-current" type="password" autoComplete="current-password" value={values.currentPassword} onChange={(e) => set({ currentPassword: e.target.value })} {...invalidProps('password-current', errors.currentPassword)} />
        </Field>
      )}
      <Field id="password-new" label="New password" error={errors.newPassword}>
        <Input id="password-new" type="password" autoComplete="new-password" value={values.newPassword} onChange={(e) => set({ newPassword: e.target.value })} {...invalidProps('password-new', errors.newPassword)} />
      </Field>
      <Field id="password-confirm" label="Confirm password" error={errors.confirmPassword}>
        <Input id="password-confirm" type="password" autoComplete="new-password" value={values.confirmPassword} onChange={(e) => set({ confirmPassword: e.target.value })} {...invalidProps('password-confirm', errors.confirmPassword)} />
      </Field>
      <div>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </div>
    </form>
  );
}

function ResetLink({ email }: { email: string | null }) {
  const [sent, setSent] = useState(false);
  if (email === null) return null;
  async function send() {
    try {
      await apiRequest('POST', '/api/auth/forgot-password', { email });
      setSent(true);
      toast({ title: 'Reset link sent', description: `Check ${email} for a link to reset your password.` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    }
  }
  return (
    <div className="grid gap-2">
      <h4 className="font-medium">Reset password</h4>
      <p className="text-sm text-muted-foreground">Forgot it? We e-mail you a link that works once, for one hour.</p>
      <div>
        <Button type="button" variant="outline" onClick={() => void send()} disabled={sent}>
          {sent ? 'Link sent' : 'Email me a reset link'}
        </Button>
      </div>
    </div>
  );
}

export function AccountSection({ user }: { user: User }) {
  return (
    <Section id="account" title="Account Management" description="Your profile, e-mail and password.">
      <ProfileForm user={user} />
      <hr />
      <PasswordForm hasPassword={user.hasPassword} />
      <hr />
      <ResetLink email={user.email} />
    </Section>
  );
}
