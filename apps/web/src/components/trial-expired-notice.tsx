// What a trial-expired user sees on the pages they may still view (schedules, reply history): why
// no more replies go out, and where to upgrade.
import { Hourglass } from 'lucide-react';
import { Link } from 'wouter';

export function TrialExpiredNotice({ message }: { message: string }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="status" data-testid="trial-expired-notice">
      <Hourglass className="size-4 shrink-0" />
      <span className="flex-1">{message}</span>
      <Link href="/payment" className="font-semibold underline underline-offset-4">
        Upgrade to Premium
      </Link>
    </div>
  );
}
