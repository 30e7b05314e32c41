import { CalendarPlus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/auth';
import { useMetricsOverview } from '@web/features/dashboard/api/dashboard-queries';
import { ActivityChart } from '@web/features/dashboard/components/activity-chart';
import { ConnectedAccountsCard } from '@web/features/dashboard/components/connected-accounts-card';
import { HowItWorks } from '@web/features/dashboard/components/how-it-works';
import { RecentActivity } from '@web/features/dashboard/components/recent-activity';
import { StatCards } from '@web/features/dashboard/components/stat-cards';
import { EarlinessCard } from '@web/features/dashboard/components/earliness-card';
import { SchedulerHealthCard } from '@web/features/dashboard/components/scheduler-health-card';
import { useUserZone } from '@web/lib/time-format';
import { PageHeader } from '@web/components/page-header';
import { ReadySummaryCard } from '@web/features/replies';

export default function DashboardPage() {
  const { user } = useAuth();
  const metrics = useMetricsOverview();
  const zone = useUserZone();
  if (!user) return null;
  const name = user.fullName || user.username || 'User';
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Dashboard"
        description={`Welcome back, ${name}! Here's an overview of your account.`}
        actions={
          <Button asChild size="sm">
            <Link href="/schedule-replies">
              <CalendarPlus />
              Schedule a reply
            </Link>
          </Button>
        }
      />
      <HowItWorks user={user} />
      <StatCards metrics={metrics.data} error={metrics.error} />
      {user.role === 'admin' && <SchedulerHealthCard zone={zone} />}
      <ReadySummaryCard />
      <EarlinessCard metrics={metrics.data} />
      <ActivityChart />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentActivity />
        </div>
        <ConnectedAccountsCard />
      </div>
    </div>
  );
}
