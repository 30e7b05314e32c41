// /x-auth-callback: where the server sends the browser after sign in with X. Reads auth_status and,
// on error, a code whose fixed text is shown: anyone can craft this URL, so no text comes from it.
import { useEffect, useState } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { xAuthResultText } from '@core/x-accounts/auth-result';
import { apiGet } from '@web/lib/api';
import { verifySession } from '@web/features/auth/api/verify-session';
import type { NeedsEmail } from '@web/features/auth/api/email';
import { AuthLayout } from '@web/components/auth-layout';
import { HOME_AFTER_SIGN_IN } from '@web/features/auth/constants';

type View = { kind: 'verifying' } | { kind: 'done'; username: string } | { kind: 'error'; message: string };

const SESSION_ERROR = 'Your login was successful, but we had trouble establishing your session. Please try again.';

export default function XAuthCallback() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(window.location.search);
  const status = params.get('auth_status');
  const errorMessage = xAuthResultText(params.get('code'));
  // Set by the server when this sign-in made the user; it only picks the greeting.
  const firstSignIn = params.get('new_user') === '1';
  const [view, setView] = useState<View>(() => (status === 'success' ? { kind: 'verifying' } : { kind: 'error', message: errorMessage }));

  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (status !== 'success') {
      toast({ title: 'Authentication error', description: errorMessage, variant: 'destructive' });
      return;
    }
    void (async () => {
      const user = await verifySession(abort.signal);
      if (abort.signal.aborted) return;
      if (!user) {
        setView({ kind: 'error', message: SESSION_ERROR });
        toast({ title: 'Session error', description: SESSION_ERROR, variant: 'destructive' });
        return;
      }
      setView({ kind: 'done', username: user.username });
      toast({ title: 'Login successful', description: firstSignIn ? `Welcome to Riposte, ${user.username}!` : `Welcome back, ${user.username}!` });
      const needs = await apiGet<NeedsEmail>('/api/user/needs-email').catch(() => null);
      timer = setTimeout(() => navigate(needs?.needsEmail ? '/email-collection' : HOME_AFTER_SIGN_IN, { replace: true }), 500);
    })();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
    // Runs once for the parameters the page was opened with: a second run would verify twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthLayout>
      <Card>
        <CardHeader className="items-center text-center">
          {view.kind === 'verifying' && <Spinner className="mx-auto mb-2 size-10 text-primary" label="Verifying your session" />}
          {view.kind === 'done' && <CheckCircle2 className="mx-auto mb-2 size-10 text-emerald-600" />}
          {view.kind === 'error' && <XCircle className="mx-auto mb-2 size-10 text-destructive" />}
          <CardTitle as="h1" className="text-xl">
            {view.kind === 'verifying' ? 'Completing sign-in...' : view.kind === 'done' ? 'Signed in' : 'Sign-in failed'}
          </CardTitle>
          <CardDescription>
            {view.kind === 'verifying' && 'Setting up your session.'}
            {view.kind === 'done' && `Welcome, @${view.username}. Taking you to Riposte...`}
            {view.kind === 'error' && <span role="alert">{view.message}</span>}
          </CardDescription>
        </CardHeader>
        {view.kind === 'error' && (
          <CardContent className="flex justify-center">
            <Button onClick={() => navigate('/auth')}>Return to Login</Button>
          </CardContent>
        )}
      </Card>
    </AuthLayout>
  );
}
