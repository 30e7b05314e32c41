import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSpinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';

/** Spinner while the session loads, /auth when nobody is signed in, else the page. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Checking your session" />;
  if (!user) return <Redirect to="/auth" replace />;
  return <>{children}</>;
}
