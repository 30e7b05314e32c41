// Scheduled Replies / Schedules list (spec part 2 §2): the time-zone banner, New Schedule and
// Refresh, and the table of the user's schedules with delete confirmation and, for admins, a
// details row. Refresh reloads what the page shows from the server (the spec reloaded the whole
// page; refetching gives the same data without losing the app's state).
import { useEffect, useState } from 'react';
import { CalendarClock, Plus, RefreshCw } from 'lucide-react';
import { SCHEDULING_ACCESS_MESSAGES } from '@core/scheduling/access';
import type { ScheduleView } from '@core/scheduling/views';
import { ConfirmDeleteDialog } from '@web/components/confirm-delete-dialog';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { useAuth } from '@web/lib/auth';
import { useTargetAccounts, useXAccounts } from '@web/features/schedules/api/accounts';
import { deleteSchedule, useSchedules } from '@web/features/schedules/api/schedules';
import { useNow } from '@web/hooks/use-now';
import { localDayKey, useUserZone } from '@web/lib/time-format';
import { PageHeader } from '@web/components/page-header';
import { useTemplateGroups, useTemplates } from '@web/features/templates';
import { NewScheduleDialog } from './components/new-schedule-dialog';
import { ScheduleCards } from './components/schedule-cards';
import { SchedulesTable } from './components/schedules-table';
import { TimeZoneBanner } from './components/time-zone-banner';
import { TrialExpiredNotice } from '@web/components/trial-expired-notice';

const loadError = (title: string) => toast({ title, description: 'Please try again.', variant: 'destructive' });

export default function SchedulesPage() {
  const { user } = useAuth();
  const zone = useUserZone();
  const now = useNow();
  const list = useSchedules();
  const templates = useTemplates();
  const groups = useTemplateGroups();
  const targets = useTargetAccounts();
  const x = useXAccounts();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ScheduleView | null>(null);

  useEffect(() => void (list.error && loadError('Error loading schedules')), [list.error]);
  useEffect(() => void (targets.error && loadError('Error loading accounts')), [targets.error]);
  useEffect(() => void (x.error && loadError('Error loading connected accounts')), [x.error]);

  const refreshing = list.isValidating || templates.isValidating || groups.isValidating || targets.isValidating || x.isValidating;
  const refresh = () => void Promise.all([list.mutate(), templates.mutate(), groups.mutate(), targets.mutate(), x.mutate()]);
  const trialOver = user?.tier === 'expired';
  // The dialog starts on tomorrow: every preset is still ahead then.
  const tomorrow = localDayKey(now.getTime() + 86_400_000, zone);
  const formsLoading = templates.isLoading || groups.isLoading || targets.isLoading || x.isLoading;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Schedules"
        description="Every reply you have scheduled, in your local time."
        actions={
          <>
            <Button variant="outline" onClick={refresh} disabled={refreshing}>
              <RefreshCw className={refreshing ? 'animate-spin' : undefined} />
              Refresh
            </Button>
            <Button onClick={() => setCreating(true)} disabled={trialOver || formsLoading} title={trialOver ? SCHEDULING_ACCESS_MESSAGES.trialOver : undefined}>
              <Plus />
              New Schedule
            </Button>
          </>
        }
      />
      <TimeZoneBanner zone={zone} now={now} />
      {trialOver && <TrialExpiredNotice message={SCHEDULING_ACCESS_MESSAGES.trialOver} />}
      <Card className="py-0">
        <CardContent className="px-0 sm:px-2">
          {list.isLoading ? (
            <div className="grid gap-3 p-4" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : list.error ? (
            <LoadError title="Error loading schedules" onRetry={refresh} />
          ) : list.schedules.length === 0 ? (
            <div className="grid justify-items-center gap-2 py-12 text-center text-muted-foreground">
              <CalendarClock className="size-8" />
              <p>No scheduled replies yet.</p>
            </div>
          ) : (
            <>
              {/* Cards on phones, the spec's table from 640 px. */}
              <div className="sm:hidden">
                <ScheduleCards schedules={list.schedules} zone={zone} isAdmin={user?.role === 'admin'} onDelete={setDeleting} />
              </div>
              <div className="hidden sm:block">
                <SchedulesTable schedules={list.schedules} zone={zone} isAdmin={user?.role === 'admin'} onDelete={setDeleting} />
              </div>
            </>
          )}
        </CardContent>
      </Card>
      {/* Mounted once the lists are in, so a single connected account starts selected. */}
      {!formsLoading && (
        <NewScheduleDialog
          open={creating}
          onOpenChange={setCreating}
          templates={templates.data ?? []}
          groups={groups.data ?? []}
          targets={targets.accounts}
          xAccounts={x.accounts}
          zone={zone}
          defaultDate={tomorrow}
        />
      )}
      <ConfirmDeleteDialog
        target={deleting}
        title="Delete Schedule"
        description={`Are you sure you want to delete the scheduled reply to @${deleting?.targetUsername ?? ''}? This action cannot be undone.`}
        onDelete={(s) => deleteSchedule(s.id)}
        onClose={() => setDeleting(null)}
        testId="delete-schedule-dialog"
      />
    </div>
  );
}
