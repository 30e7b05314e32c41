import type { ComponentProps } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '@web/lib/utils';

export function Spinner({ className, label = 'Loading', ...props }: ComponentProps<'svg'> & { label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn('size-4 animate-spin', className)} {...props} />;
}

/** A full-area centred spinner: guarded routes and lazy pages show it while they load. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-8 text-primary" label={label} />
    </div>
  );
}
