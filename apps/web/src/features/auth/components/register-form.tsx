import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { validate, type FieldErrors } from '@web/lib/form';
import { register } from '@web/features/auth/api/session-actions';
import { registerSchema } from '@web/features/auth/form-schemas';
import type { User } from '@web/lib/user-model';
import { Field, invalidProps } from '@web/components/field';
import { PasswordInput } from '@web/features/auth/components/password-input';

const empty = { fullName: '', username: '', email: '', password: '', confirmPassword: '' };
type Name = keyof typeof empty;

/** The browser's IANA zone: the server evaluates recurring schedules in it. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function RegisterForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const set = (name: Name) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = { ...values, username: values.username.trim(), email: values.email.trim(), fullName: values.fullName.trim(), timeZone: browserTimeZone() };
    const parsed = validate(registerSchema, input);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setPending(true);
    const user = await register(parsed.value);
    setPending(false);
    if (user) onSuccess(user);
  }

  const text = (name: Name, label: string, autoComplete: string, type = 'text') => (
    <Field id={`reg-${name}`} label={label} error={errors[name]}>
      <Input id={`reg-${name}`} name={name} type={type} autoComplete={autoComplete} value={values[name]} onChange={set(name)} {...invalidProps(`reg-${name}`, errors[name])} />
    </Field>
  );
  const secret = (name: Name, label: string) => (
    <Field id={`reg-${name}`} label={label} error={errors[name]}>
      <PasswordInput id={`reg-${name}`} name={name} autoComplete="new-password" value={values[name]} onChange={set(name)} {...invalidProps(`reg-${name}`, errors[name])} />
    </Field>
  );

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label="Create account">
      {text('fullName', 'Full name', 'name')}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('username', 'Username', 'username')}
        {text('email', 'Email', 'email', 'email')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {secret('password', 'Password')}
        {secret('confirmPassword', 'Confirm password')}
      </div>
      <Button type="submit" disabled={pending} className="w-full">
        {pending && <Spinner />}
        {pending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
