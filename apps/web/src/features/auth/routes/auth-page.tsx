// /auth: Sign in with X, plus the username-and-password sign-in and registration forms.
import { useEffect, useRef } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, Redirect, useLocation } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useAuth } from '@web/lib/auth';
import { AuthLayout } from '@web/components/auth-layout';
import { LoginForm } from '@web/features/auth/components/login-form';
import { RegisterForm } from '@web/features/auth/components/register-form';
import { XSignIn } from '@web/features/auth/components/x-sign-in';

import { HOME_AFTER_SIGN_IN } from '@web/features/auth/constants';
const REDIRECT_DELAY_MS = 500;

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  // Only a session that existed when the page opened redirects at once; a fresh sign-in waits
  // for the 500 ms delay below so its toast is seen.
  const signedInOnArrival = useRef<boolean | null>(null);
  if (!isLoading && signedInOnArrival.current === null) signedInOnArrival.current = user !== null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Spec part 1 §4: a successful sign-in or registration redirects after 500 ms.
  const onSuccess = () => {
    timer.current = setTimeout(() => navigate(HOME_AFTER_SIGN_IN), REDIRECT_DELAY_MS);
  };

  if (isLoading) return <PageSpinner />;
  if (user && signedInOnArrival.current) return <Redirect to={HOME_AFTER_SIGN_IN} replace />;

  const initialTab = new URLSearchParams(window.location.search).get('tab') === 'register' ? 'register' : 'login';
  return (
    <AuthLayout>
      <Card className="gap-6 border-0 bg-transparent py-0 shadow-none sm:border sm:bg-card sm:py-8 sm:shadow-sm">
        <CardHeader className="px-0 sm:px-8">
          <CardTitle as="h1" className="text-2xl">Welcome to Riposte</CardTitle>
          <CardDescription>Sign in to schedule replies from your X accounts.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 px-0 sm:px-8">
          <XSignIn />
          <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
            <span className="h-px flex-1 bg-border" />
            or use a password
            <span className="h-px flex-1 bg-border" />
          </div>
          <Tabs defaultValue={initialTab}>
            <TabsList className="w-full">
              <TabsTrigger value="login">Sign in</TabsTrigger>
              <TabsTrigger value="register">Create account</TabsTrigger>
            </TabsList>
            <TabsContent value="login" className="pt-2">
              <LoginForm onSuccess={onSuccess} />
            </TabsContent>
            <TabsContent value="register" className="pt-2">
              <RegisterForm onSuccess={onSuccess} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <Link href="/" className="mt-6 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" />
        Return to home page
      </Link>
    </AuthLayout>
  );
}
