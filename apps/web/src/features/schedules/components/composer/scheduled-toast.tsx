// The one success toast of every composer: what was scheduled and a link to it (its page, or the
// Schedules list for a batch). The link is the toast's action, so it is reachable by keyboard.
import { Link } from 'wouter';
import { toast } from '@web/components/ui/use-toast';

type Scheduled = { title: string; description: string } & ({ scheduleId: string } | { batch: true });

export function toastScheduled(s: Scheduled): void {
  const href = 'scheduleId' in s ? `/schedule-replies/${encodeURIComponent(s.scheduleId)}` : '/schedules';
  toast({
    title: s.title,
    description: s.description,
    action: (
      <Link href={href} data-testid="toast-schedule-link" className="shrink-0 rounded-md border px-3 py-1.5 text-sm font-medium underline-offset-4 hover:underline">
        {'scheduleId' in s ? 'View schedule' : 'View schedules'}
      </Link>
    ),
  });
}
