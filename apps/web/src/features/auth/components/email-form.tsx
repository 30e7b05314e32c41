// The email form shared by the welcome dialog and the /email-collection page. The address receives
// reset links, so setting or replacing it needs a fresh proof: the current password for an account
// with one (asked for up front), a recent sign-in with X for an account without (one field).
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { validate, type FieldErrors } from '@web/lib/form';
import { saveEmail } from '@web/features/auth/api/email';
import { emailSchema } from '@web/features/auth/form-schemas';
import { Field, invalidProps } from '@web/components/field';
import { useAuth } from '@web/lib/auth';

type Props = {
  initialEmail?: string;
  onSaved?: () => void;
  onSavingChange?: (saving: boolean) => void;
  footer?: (saving: boolean) => ReactNode;
};

export function EmailForm({ initialEmail = '', onSaved, onSavingChange, footer }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [subscribed, setSubscribed] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const { user } = useAuth();
  const [askPassword, setAskPassword] = useState(user?.hasPassword === true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSavingState] = useState(false);

  const setSaving = (v: boolean) => {
    setSavingState(v);
    onSavingChange?.(v);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = validate(emailSchema, { email: email.trim(), subscribedToUpdates: subscribed });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setSaving(true);
    try {
      await saveEmail({
        email: parsed.value.email,
        subscribedToUpdates: parsed.value.subscribedToUpdates ?? false,
        ...(askPassword ? { currentPassword } : {}),
      });
      setSaving(false);
      onSaved?.();
    } catch (err) {
      setSaving(false);
      const message = errorMessage(err, 'Failed to update email');
      if (err instanceof ApiError && err.field === 'email') setErrors({ email: message });
      if (err instanceof ApiError && err.field === 'currentPassword') {
        setAskPassword(true);
        setErrors({ currentPassword: message });
      }
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <Field id="collect-email" label="Email address" error={errors.email}>
        <Input
          id="collect-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={saving}
          {...invalidProps('collect-email', errors.email)}
        />
      </Field>
      {askPassword && (
        <Field id="collect-current-password" label="Current password" error={errors.currentPassword}>
          <Input
            id="collect-current-password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            disabled={saving}
            {...invalidProps('collect-current-password', errors.currentPassword)}
          />
        </Field>
      )}
      <div className="flex items-start gap-2.5">
        <Checkbox id="collect-subscribe" checked={subscribed} onCheckedChange={(v) => setSubscribed(v === true)} disabled={saving} className="mt-0.5" />
        <Label htmlFor="collect-subscribe" className="font-normal leading-snug">
          Subscribe to product updates and tips
        </Label>
      </div>
      {footer ? (
        footer(saving)
      ) : (
        <Button type="submit" disabled={saving} className="w-full">
          {saving && <Spinner />}
          {saving ? 'Saving...' : 'Continue'}
        </Button>
      )}
    </form>
  );
}
