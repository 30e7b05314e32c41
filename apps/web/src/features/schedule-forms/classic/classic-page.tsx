// Schedule a Reply, classic (spec part 2 §2): the @mentions notice, the form and the tips card.
// The X accounts call falling back to an empty list leaves 'Connect an Account First' (spec §7);
// auto-connect is tried once for users who signed in with X (spec §4).
import { useEffect, useRef } from 'react';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { useAuth } from '@web/lib/auth';
import { PageHeader } from '@web/components/page-header';
import { autoConnect, useTargetAccounts, useXAccounts } from '@web/features/schedules';
import { MentionsPolicyNotice } from '@web/features/schedule-forms/components/mentions-notice';
import { useUserZone } from '@web/lib/time-format';
import { ClassicForm } from './classic-form';
import { TipsCard } from './tips-card';

export default function ClassicSchedulePage() {
  const { user } = useAuth();
  const zone = useUserZone();
  const x = useXAccounts({ fallbackOnError: true });
  const targets = useTargetAccounts();
  const tried = useRef(false);

  useEffect(() => {
    if (targets.error) toast({ title: 'Error loading accounts', description: 'Please try again.', variant: 'destructive' });
  }, [targets.error]);

  useEffect(() => {
    const answer = x.data;
    if (tried.current || !answer || answer.failed || !user?.xUserId) return;
    // remainingSlots null means no limit.
    if (answer.accounts.length > 0 || (answer.remainingSlots !== null && answer.remainingSlots <= 0)) return;
    tried.current = true;
    void autoConnect().then((connected) => {
      if (connected) void x.mutate();
    });
  }, [x, user?.xUserId]);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Schedule a Reply" description="Reply under the next post of a monitored account, from your X account, at a peak window." />
      <MentionsPolicyNotice />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardContent>
            <ClassicForm xAccounts={x.accounts} targets={targets.accounts} loading={x.isLoading || targets.isLoading} zone={zone} />
          </CardContent>
        </Card>
        <TipsCard />
      </div>
    </div>
  );
}
