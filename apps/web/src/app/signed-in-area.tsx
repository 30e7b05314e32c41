// Everything behind sign-in, in one lazy chunk: the layout (sidebar, drawer, menus) and the
// signed-in pages, each of those lazy again.
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '@web/components/ui/spinner';
import { comingNextPatterns } from '@web/app/coming-next-patterns';
import { ProtectedRoute } from '@web/features/auth/components/protected-route';
import { AppLayout } from '@web/features/shell/components/app-layout';

const DashboardPage = lazy(() => import('@web/features/dashboard/dashboard-page'));
const TrialStatusPage = lazy(() => import('@web/features/subscription/trial-status-page'));
const ConnectedAccountsPage = lazy(() => import('@web/features/connected-accounts/connected-accounts-page'));
const ComingNextPage = lazy(() => import('@web/features/shell/routes/coming-next-page'));
const TemplatesPage = lazy(() => import('@web/features/templates/templates-page'));
const AccountsPage = lazy(() => import('@web/features/monitored-accounts/accounts-page'));
const ViralStylesPage = lazy(() => import('@web/features/viral-styles/viral-styles-page'));
const ClassicSchedulePage = lazy(() => import('@web/features/schedule-forms/classic/classic-page'));
const V2SchedulePage = lazy(() => import('@web/features/schedule-forms/v2/v2-page'));
const BulkRepliesPage = lazy(() => import('@web/features/schedule-forms/bulk/bulk-page'));
const CalendarPage = lazy(() => import('@web/features/calendar/calendar-page'));
const SchedulesPage = lazy(() => import('@web/features/schedules/schedules-page'));
const ScheduleRepliesPage = lazy(() => import('@web/features/schedules/schedule-replies-page'));
const HistoryPage = lazy(() => import('@web/features/replies/history/history-page'));
const ReadyPage = lazy(() => import('@web/features/replies/ready/ready-page'));
const ReplyStatusTestPage = lazy(() => import('@web/features/replies/badge-test/reply-status-test-page'));
const SchedulerTestPage = lazy(() => import('@web/features/scheduler-test/scheduler-test-page'));
const PollingSettingsPage = lazy(() => import('@web/features/polling/polling-settings-page'));
const TierManagementPage = lazy(() => import('@web/features/polling/tier-management-page'));
const SettingsPage = lazy(() => import('@web/features/settings/settings-page'));
const MailboxPage = lazy(() => import('@web/features/mailbox/mailbox-page'));
const AuditPage = lazy(() => import('@web/features/audit/audit-page'));
const AiProviderPage = lazy(() => import('@web/features/ai-provider/ai-provider-page'));
const UsersPage = lazy(() => import('@web/features/users/users-page'));

export default function SignedInArea() {
  return (
    <ProtectedRoute>
      <AppLayout>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path="/dashboard" component={DashboardPage} />
            <Route path="/trial-status" component={TrialStatusPage} />
            <Route path="/templates" component={TemplatesPage} />
            <Route path="/accounts" component={AccountsPage} />
            <Route path="/admin/viral-styles" component={ViralStylesPage} />
            <Route path="/schedule-replies" component={ClassicSchedulePage} />
            <Route path="/schedule-replies-v2" component={V2SchedulePage} />
            <Route path="/bulk-replies" component={BulkRepliesPage} />
            <Route path="/calendar-mockup" component={CalendarPage} />
            <Route path="/connected-accounts" component={ConnectedAccountsPage} />
            <Route path="/schedules" component={SchedulesPage} />
            <Route path="/schedule-replies/:id" component={ScheduleRepliesPage} />
            <Route path="/history" component={HistoryPage} />
            <Route path="/reply-history" component={HistoryPage} />
            <Route path="/ready-to-send" component={ReadyPage} />
            <Route path="/admin/reply-status-test" component={ReplyStatusTestPage} />
            <Route path="/admin/scheduler-test" component={SchedulerTestPage} />
            <Route path="/admin/polling-settings" component={PollingSettingsPage} />
            <Route path="/admin/tier-management" component={TierManagementPage} />
            <Route path="/admin/mailbox" component={MailboxPage} />
            <Route path="/admin/audit" component={AuditPage} />
            <Route path="/admin/ai-provider" component={AiProviderPage} />
            <Route path="/admin/users" component={UsersPage} />
            <Route path="/settings" component={SettingsPage} />
            {comingNextPatterns.map((pattern) => (
              <Route key={pattern} path={pattern}>
                <ComingNextPage pattern={pattern} />
              </Route>
            ))}
          </Switch>
        </Suspense>
      </AppLayout>
    </ProtectedRoute>
  );
}
