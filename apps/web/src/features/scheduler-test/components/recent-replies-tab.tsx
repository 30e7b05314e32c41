// Recent Replies (spec part 2 §3 'Recent reply', §7): the latest 20 replies, read every 5 s while
// the page is open (fresh for 2 s). A reply that failed on authentication raises the X warning.
import { useEffect } from 'react';
import { RefreshCw } from 'lucide-react';
import { statusBadge, statusReason, type AdminRecentReply } from '@core/replies/views';
import { Button } from '@web/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useMediaQuery } from '@web/hooks/use-media-query';
import { formatDateTime, useUserZone } from '@web/lib/time-format';
import { ReplyStatusBadge } from '@web/features/replies';
import { useRecentReplies } from '@web/features/scheduler-test/api/admin-tests';
import { TEST_MESSAGES as M } from '@web/features/scheduler-test/messages';
import type { AuthTrouble } from '@web/features/scheduler-test/outcome';

function Status({ r }: { r: AdminRecentReply }) {
  const badge = statusBadge(r.status, r.statusMessage);
  return (
    <div className="grid justify-items-start gap-1">
      <ReplyStatusBadge badge={badge} />
      {r.status !== 'sent' && <span className="text-xs break-words text-muted-foreground">{statusReason(r.status, r.statusMessage)}</span>}
    </div>
  );
}

const Ids = ({ r }: { r: AdminRecentReply }) => (
  <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
    <dt>Post</dt>
    <dd className="font-mono break-all">{r.postId ?? '—'}</dd>
    <dt>Reply</dt>
    <dd className="font-mono break-all">{r.replyPostId ?? '—'}</dd>
    <dt>Schedule</dt>
    <dd className="font-mono break-all">{r.scheduledId ?? 'Direct Reply'}</dd>
  </dl>
);

const when = (r: AdminRecentReply, zone: string) => (r.sentAt ? formatDateTime(r.sentAt, zone) : 'Not sent');

function RecentList({ replies, zone }: { replies: readonly AdminRecentReply[]; zone: string }) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (!wide) {
    return (
      <ul className="grid divide-y rounded-lg border">
        {replies.map((r) => (
          <li key={r.id} className="grid gap-2 p-3" data-testid="recent-reply" data-status={r.status}>
            <div className="flex items-start justify-between gap-2">
              <Status r={r} />
              <span className="shrink-0 text-xs text-muted-foreground">{when(r, zone)}</span>
            </div>
            <p className="text-sm break-words">{r.content}</p>
            <Ids r={r} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-52">Status</TableHead>
          <TableHead>Content</TableHead>
          <TableHead className="w-64">Ids</TableHead>
          <TableHead className="w-40">Sent</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {replies.map((r) => (
          <TableRow key={r.id} data-testid="recent-reply" data-status={r.status}>
            <TableCell className="align-top whitespace-normal">
              <Status r={r} />
            </TableCell>
            <TableCell className="max-w-md align-top whitespace-normal">
              <p className="line-clamp-3 break-words">{r.content}</p>
            </TableCell>
            <TableCell className="align-top whitespace-normal">
              <Ids r={r} />
            </TableCell>
            <TableCell className="align-top">{when(r, zone)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function RecentRepliesTab({ onAuthFailure }: { onAuthFailure: (t: AuthTrouble) => void }) {
  const zone = useUserZone();
  const { data, error, isLoading, isValidating, mutate } = useRecentReplies();
  // Every listed reply that failed on authentication; the page raises the warning for ones it has
  // not already shown and had dismissed or resolved, so a refresh of the list does not bring it back.
  const failed = (data ?? []).filter((r) => statusBadge(r.status, r.statusMessage).authFailed);
  const failedIds = failed.map((r) => r.id).join(' ');
  const detail = failed[0]?.statusMessage ?? null;
  useEffect(() => {
    if (failedIds !== '') onAuthFailure({ detail, replyIds: failedIds.split(' ') });
  }, [failedIds, detail, onAuthFailure]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent replies</CardTitle>
        <CardDescription>The latest 20 replies, newest first. Refreshed every 5 seconds.</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" onClick={() => void mutate()} disabled={isValidating}>
            <RefreshCw className={isValidating ? 'animate-spin' : undefined} />
            Refresh
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        ) : isLoading && !data ? (
          <Skeleton className="h-24 w-full" />
        ) : !data || data.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground" data-testid="recent-empty">
            {M.noReplies}
          </p>
        ) : (
          <RecentList replies={data} zone={zone} />
        )}
      </CardContent>
    </Card>
  );
}
