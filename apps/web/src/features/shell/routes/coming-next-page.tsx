// A clear 'coming next' panel for a signed-in screen that has no page of its own.
import { ArrowLeft, Construction, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { comingNext } from '@web/features/shell/coming-next';
import { PageHeader } from '@web/components/page-header';

export default function ComingNextPage({ pattern }: { pattern: string }) {
  const { user } = useAuth();
  const info = comingNext[pattern];
  if (!info) return null;
  const Icon = info.icon;

  if (info.adminOnly && user?.role !== 'admin') {
    return (
      <Card className="mx-auto mt-10 max-w-lg items-center px-6 py-10 text-center" data-testid="admin-only">
        <Lock className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">Administrators only</h1>
        <p className="text-muted-foreground">{info.title} is part of the admin area. Your account does not have access to it.</p>
        <Button asChild variant="outline">
          <Link href="/dashboard">
            <ArrowLeft />
            Back to Dashboard
          </Link>
        </Button>
      </Card>
    );
  }

  return (
    <>
      <PageHeader title={info.title} description={info.summary} />
      <Card className="overflow-hidden py-0" data-testid="coming-next">
        <div className="flex flex-col gap-6 p-6 sm:flex-row sm:items-start sm:p-8">
          <div className="grid size-14 shrink-0 place-items-center rounded-2xl bg-linear-to-br from-indigo-50 to-violet-100 text-primary ring-1 ring-indigo-100">
            <Icon className="size-7" />
          </div>
          <div className="min-w-0 flex-1">
            <Badge variant="warning" className="mb-3">
              <Construction />
              Coming next
            </Badge>
            <h2 className="text-lg font-semibold">This screen is on its way</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              It is not built yet. Here is what it will do once it lands:
            </p>
            <ul className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
              {info.points.map((p) => (
                <li key={p} className="flex gap-2 rounded-lg border bg-muted/40 px-3 py-2">
                  <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
                  <span>{p}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <CardContent className="flex flex-wrap gap-2 border-t bg-muted/30 py-4">
          <Button asChild variant="outline" size="sm">
            <Link href="/dashboard">
              <ArrowLeft />
              Back to Dashboard
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link href="/trial-status">Your subscription</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
