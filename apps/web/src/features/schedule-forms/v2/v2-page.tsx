// Schedule Replies V2 (spec part 2 §2): the New AI Reply form on the left, Your Scheduled Replies
// on the right (stacked on small screens).
import { useEffect } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { PageHeader } from '@web/components/page-header';
import { useTargetAccounts, useXAccounts, useV2Schedules } from '@web/features/schedules';
import { useUserZone } from '@web/lib/time-format';
import { ScheduledList } from './scheduled-list';
import { V2Form } from './v2-form';

const loadError = (title: string) => toast({ title, description: 'Please try again.', variant: 'destructive' });

export default function V2SchedulePage() {
  const zone = useUserZone();
  const targets = useTargetAccounts();
  const x = useXAccounts();
  const list = useV2Schedules();

  useEffect(() => void (targets.error && loadError('Error loading accounts')), [targets.error]);
  useEffect(() => void (x.error && loadError('Error loading connected accounts')), [x.error]);
  useEffect(() => void (list.error && loadError('Error loading schedules')), [list.error]);

  const loading = targets.isLoading || x.isLoading;
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Schedule Replies V2" description="AI replies at peak windows, with everything you have scheduled beside them." />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>New AI Reply</CardTitle>
            <CardDescription>Answer the next post of an account at a peak window.</CardDescription>
          </CardHeader>
          <CardContent>
            {/* Remounted once the accounts arrive, so a single connected account starts selected. */}
            <V2Form key={loading ? 'loading' : 'ready'} targets={targets.accounts} xAccounts={x.accounts} loading={loading} zone={zone} />
          </CardContent>
        </Card>
        <ScheduledList
          schedules={list.schedules}
          loading={list.isLoading}
          error={list.error}
          refreshing={list.isValidating}
          onRefresh={() => void list.mutate()}
          zone={zone}
        />
      </div>
    </div>
  );
}
