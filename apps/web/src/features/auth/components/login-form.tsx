import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Link } from 'wouter';
import { validate, type FieldErrors } from '@web/lib/form';
import { login } from '@web/features/auth/api/session-actions';
import { loginSchema } from '@web/features/auth/form-schemas';
import type { User } from '@web/lib/user-model';
import { Field, invalidProps } from '@web/components/field';
import { PasswordInput } from '@web/features/auth/components/password-input';

export function LoginForm({ onSuccess }: { onSuccess: (user: User) => void }) {
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = validate(loginSchema, { ...values, username: values.username.trim() });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setPending(true);
    const user = await login(parsed.value);
    setPending(false);
    if (user) onSuccess(user);
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label="Sign in">
      <Field id="login-username" label="Username" error={errors.username}>
        <Input id="login-username" name="username" autoComplete="username" value={values.username} onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))} {...invalidProps('login-username', errors.username)} />
      </Field>
      <Field id="login-password" label="Password" error={errors.password}>
        <PasswordInput id="login-password" name="password" autoComplete="current-password" value={values.password} onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))} {...invalidProps('login-password', errors.password)} />
      </Field>
      <Button type="submit" disabled={pending} className="w-full">
        {pending && <Spinner />}
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>
      <Link href="/forgot-password" className="justify-self-center text-sm text-primary underline">
        Forgot password?
      </Link>
    </form>
  );
}
