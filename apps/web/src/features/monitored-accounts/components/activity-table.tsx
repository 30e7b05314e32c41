// Account Activity Overview (spec part 2 §2): Account, Last Activity, Last Post, Last Checked,
// Replies Sent, Scheduled Replies, Status. The counts are the user's own, read from the server's
// read models (the spec's random placeholders are not kept): zeros until replies and schedules
// exist. Last Post and Last Checked are the watcher's: an account is read while an auto schedule
// targets it.
import type { AccountActivity } from '@core/monitoring/views';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { AccountAvatar } from '@web/features/monitored-accounts/components/account-avatar';
import { timeAgo } from '@web/lib/time-format';

type Props = { rows: AccountActivity[] | undefined; error: Error | undefined };

export function ActivityTable({ rows, error }: Props) {
  return (
    <Card className="min-w-0 gap-2" data-testid="activity-overview">
      <CardHeader>
        <CardTitle>Account Activity Overview</CardTitle>
        <CardDescription>Your replies and scheduled replies per monitored account, and when Riposte last checked it for new posts.</CardDescription>
      </CardHeader>
      <CardContent className="px-2 sm:px-4">
        {error ? (
          <p className="px-2 py-4 text-sm text-muted-foreground" role="alert">
            Activity could not be loaded: {error.message}
          </p>
        ) : !rows ? (
          <div className="grid gap-2 p-2" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="px-2 py-4 text-sm text-muted-foreground">No accounts to show yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Account</TableHead>
                <TableHead>Last Activity</TableHead>
                <TableHead>Last Post</TableHead>
                <TableHead>Last Checked</TableHead>
                <TableHead className="text-right">Replies Sent</TableHead>
                <TableHead className="text-right">Scheduled Replies</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.accountId} data-testid="activity-row" data-username={r.username}>
                  <TableCell>
                    <div className="flex items-center gap-2">
                      <AccountAvatar account={r} className="size-7" />
                      <span className="font-medium">@{r.username}</span>
                    </div>
                  </TableCell>
                  <TableCell className="text-muted-foreground" title={r.lastActivity ? new Date(r.lastActivity).toLocaleString() : undefined}>
                    {r.lastActivity ? timeAgo(r.lastActivity) : 'No activity yet'}
                  </TableCell>
                  <TableCell className="text-muted-foreground" title={r.lastPostAt ? new Date(r.lastPostAt).toLocaleString() : undefined}>
                    {r.lastPostAt ? timeAgo(r.lastPostAt) : 'None seen'}
                  </TableCell>
                  <TableCell
                    className="text-muted-foreground"
                    title={r.lastCheckedAt ? new Date(r.lastCheckedAt).toLocaleString() : 'Checked while an auto schedule replies to this account'}
                  >
                    {r.lastCheckedAt ? timeAgo(r.lastCheckedAt) : 'Not checked'}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{r.repliesSent}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.scheduledReplies}</TableCell>
                  <TableCell>
                    <Badge variant={r.status === 'Monitoring' ? 'success' : 'secondary'}>{r.status}</Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
