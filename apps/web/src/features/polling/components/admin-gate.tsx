// Admin settings pages send everyone else to / (spec part 2 §4); the server refuses their calls
// to anyone but an admin in any case.
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useAuth } from '@web/lib/auth';

export function AdminGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return <Redirect to="/" replace />;
  return <>{children}</>;
}
