import { ArrowLeft, Compass } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';

export default function NotFoundPage() {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh outline-none flex-col items-center justify-center bg-background px-6 text-center" data-testid="not-found">
      <div className="grid size-16 place-items-center rounded-2xl bg-linear-to-br from-indigo-50 to-violet-100 text-primary ring-1 ring-indigo-100">
        <Compass className="size-8" />
      </div>
      <p className="mt-6 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Page Not Found</h1>
      <p className="mt-3 max-w-md text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/">
            <ArrowLeft />
            Go home
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/dashboard">Dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
