// Admin pages in the client: the server refuses their calls to anyone else; the page says so
// plainly instead of showing controls that cannot work.
import type { ReactNode } from 'react';
import { ArrowLeft, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';

export function AdminOnly({ page, children }: { page: string; children: ReactNode }) {
  const { user } = useAuth();
  if (user?.role === 'admin') return <>{children}</>;
  return (
    <Card className="mx-auto mt-10 max-w-lg items-center px-6 py-10 text-center" data-testid="admin-only">
      <Lock className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold">Administrators only</h1>
      <p className="text-muted-foreground">{page} is part of the admin area. Your account does not have access to it.</p>
      <Button asChild variant="outline">
        <Link href="/dashboard">
          <ArrowLeft />
          Back to Dashboard
        </Link>
      </Button>
    </Card>
  );
}
