import { CalendarClock, Inbox, MessageSquareReply, UserMinus, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { RunOutcome } from '@web/components/run-state';
import { useRecentActivities, type ActivityItem } from '@web/features/dashboard/api/dashboard-queries';

function describe(item: ActivityItem): string {
  switch (item.type) {
    case 'reply':
      return `Reply to @${item.targetAccount}`;
    case 'schedule':
      return `Scheduled reply for @${item.targetAccount}`;
    case 'account':
      return `${item.action === 'removed' ? 'Removed' : 'Added'} @${item.targetAccount}`;
  }
}

function Icon({ item }: { item: ActivityItem }) {
  const cls = 'size-4';
  if (item.type === 'reply') return <MessageSquareReply className={cls} />;
  if (item.type === 'schedule') return <CalendarClock className={cls} />;
  return item.action === 'removed' ? <UserMinus className={cls} /> : <UserPlus className={cls} />;
}

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Row({ item }: { item: ActivityItem }) {
  return (
    <li className="flex items-start gap-3 py-3">
      <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
        <Icon item={item} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">{describe(item)}</span>
          {item.outcome === undefined && item.status === 'sent' && <Badge variant="success">Sent</Badge>}
          {item.outcome === undefined && item.status === 'scheduled' && <Badge variant="warning">Scheduled</Badge>}
        </div>
        {item.outcome && <RunOutcome outcome={item.outcome} zone="UTC" compact />}
        {item.content && <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">{item.content}</p>}
        <time className="text-xs text-muted-foreground" dateTime={item.timestamp}>
          {when.format(new Date(item.timestamp))}
        </time>
      </div>
    </li>
  );
}

export function RecentActivity() {
  const { data, error, isLoading } = useRecentActivities();
  return (
    <Card data-testid="recent-activity">
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Your latest actions and updates</CardDescription>
        <CardAction>
          <Button asChild variant="outline" size="sm">
            <Link href="/history">View All Activity</Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="grid gap-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : error ? (
          <p className="text-sm text-destructive">{error.message}</p>
        ) : data && data.length > 0 ? (
          <ul className="divide-y">
            {data.map((item) => (
              <Row key={item.id} item={item} />
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-10 text-center" data-testid="activity-empty">
            <Inbox className="size-8 text-muted-foreground" />
            <p className="mt-3 text-sm font-medium">No activity yet</p>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">
              Replies you send, schedules you create and accounts you add will show up here.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
