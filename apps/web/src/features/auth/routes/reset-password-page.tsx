// /reset-password#token=...: choose a new password with the e-mailed link. The token stays in the
// fragment (never sent with the page request nor in a Referer) and is posted once with the form.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { MESSAGES } from '@core/users/schemas';
import { AuthLayout } from '@web/components/auth-layout';
import { Field, invalidProps } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, apiRequest, errorMessage } from '@web/lib/api';
import type { FieldErrors } from '@web/lib/form';

const tokenFromHash = (): string => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';

export default function ResetPasswordPage() {
  const [token] = useState(tokenFromHash);
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (values.newPassword !== values.confirmPassword) return setErrors({ confirmPassword: MESSAGES.passwordsDoNotMatch });
    setPending(true);
    try {
      const res = await apiRequest<{ message: string }>('POST', '/api/auth/reset-password', { token, ...values });
      setDone(res.message);
    } catch (err) {
      const field = err instanceof ApiError ? (err.field ?? '_form') : '_form';
      setErrors({ [field]: errorMessage(err, 'Please try again') });
    } finally {
      setPending(false);
    }
  }

  const linkError = errors.token ?? errors._form;
  return (
    <AuthLayout>
      <Card className="gap-6 border-0 bg-transparent py-0 shadow-none sm:border sm:bg-card sm:py-8 sm:shadow-sm">
        <CardHeader className="px-0 sm:px-8">
          <CardTitle as="h1" className="text-2xl">Choose a new password</CardTitle>
          <CardDescription>Every device signed in to your account is signed out once it is set.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 px-0 sm:px-8">
          {done ? (
            <>
              <p role="status" data-testid="reset-done">
                {done}
              </p>
              <Button asChild>
                <Link href="/auth">Sign in</Link>
              </Button>
            </>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
              {(token === '' || linkError) && (
                <p role="alert" className="text-sm text-destructive">
                  {linkError ?? 'This page needs the link from your e-mail.'}{' '}
                  <Link href="/forgot-password" className="underline">
                    Ask for a new link
                  </Link>
                </p>
              )}
              <Field id="reset-new" label="New password" error={errors.newPassword}>
                <Input id="reset-new" type="password" autoComplete="new-password" value={values.newPassword} onChange={(e) => (setValues((v) => ({ ...v, newPassword: e.target.value })), setErrors({}))} {...invalidProps('reset-new', errors.newPassword)} />
              </Field>
              <Field id="reset-confirm" label="Confirm password" error={errors.confirmPassword}>
                <Input id="reset-confirm" type="password" autoComplete="new-password" value={values.confirmPassword} onChange={(e) => (setValues((v) => ({ ...v, confirmPassword: e.target.value })), setErrors({}))} {...invalidProps('reset-confirm', errors.confirmPassword)} />
              </Field>
              <Button type="submit" disabled={pending || token === ''} className="w-full">
                {pending && <Spinner />}
                {pending ? 'Saving...' : 'Set new password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
