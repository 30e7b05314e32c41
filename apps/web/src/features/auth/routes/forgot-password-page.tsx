// /forgot-password: ask for a reset link. The answer is the same whether or not the address has
// an account, so the page says what the server said and nothing more.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { forgotPasswordSchema } from '@core/users/reset';
import { AuthLayout } from '@web/components/auth-layout';
import { Field, invalidProps } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, apiRequest, errorMessage } from '@web/lib/api';
import { validate } from '@web/lib/form';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = validate(forgotPasswordSchema, { email });
    if (!parsed.ok) return setError(parsed.errors.email);
    setPending(true);
    try {
      const res = await apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', parsed.value);
      setAnswer(res.message);
    } catch (err) {
      if (err instanceof ApiError && err.field === 'email') setError(err.message);
      else toast({ title: 'Error', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthLayout>
      <Card className="gap-6 border-0 bg-transparent py-0 shadow-none sm:border sm:bg-card sm:py-8 sm:shadow-sm">
        <CardHeader className="px-0 sm:px-8">
          <CardTitle as="h1" className="text-2xl">Forgot your password?</CardTitle>
          <CardDescription>Give the e-mail address of your account; we send it a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 px-0 sm:px-8">
          {answer ? (
            <p role="status" data-testid="forgot-answer">
              {answer}
            </p>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Forgot password">
              <Field id="forgot-email" label="Email" error={error}>
                <Input id="forgot-email" type="email" autoComplete="email" value={email} onChange={(e) => (setEmail(e.target.value), setError(undefined))} {...invalidProps('forgot-email', error)} />
              </Field>
              <Button type="submit" disabled={pending} className="w-full">
                {pending && <Spinner />}
                {pending ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
          )}
          <Link href="/auth" className="text-sm text-primary underline">
            Back to sign in
          </Link>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
