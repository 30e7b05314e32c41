// /schedule-replies/{id}: one schedule and every reply it produced (spec part 2 §2, §4). Pending
// schedules show their estimated send time with the delivery hint; executed ones their latest sent
// reply (link to the post, relative time), or 'No replies found', or 'Reply processed, but no post
// ID returned'. Someone else's schedule is not found, like one that never existed.
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import { deliveryHint } from '@core/scheduling/time';
import { RunState } from '@web/components/run-state';
import type { ScheduleReplyView, ScheduleView } from '@core/scheduling/views';
import { statusBadge, statusReason } from '@core/replies/views';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { ApiError } from '@web/lib/api';
import { useScheduleWithReplies } from '@web/features/schedules/api/schedules';
import { useNow } from '@web/hooks/use-now';
import { contentSummary, recurrenceLabel } from '@web/features/schedules/schedule-view';
import { formatDateTime, timeAgo, useUserZone } from '@web/lib/time-format';
import { PageHeader } from '@web/components/page-header';
import { PostAge, READY_PATH, ReplyStatusBadge, useXName } from '@web/features/replies';
import { LATEST_REPLY_TEXTS, latestReply, sourceLabel, statusBadge as scheduleBadge } from './schedule-display';
import { ScheduleEditActions } from './edit/schedule-edit-actions';

const back = (
  <Button variant="outline" asChild>
    <Link href="/schedules">
      <ArrowLeft />
      Schedules
    </Link>
  </Button>
);

function Latest({ s, replies, zone, now }: { s: ScheduleView; replies: ScheduleReplyView[]; zone: string; now: Date }) {
  const xName = useXName();
  const latest = latestReply(s, replies);
  // A run that ended without a post (failed, skipped, expired, ready, unconfirmed) says so, with its reason.
  if (latest.kind !== 'pending' && s.latestRun !== null && s.latestRun.status !== 'sent') return <RunState facts={s} zone={zone} now={now} />;
  switch (latest.kind) {
    case 'pending':
      if (latest.at === null && s.latestRun === null) return <p>{s.scheduleType === 'auto' ? 'Waits for the next post of the account.' : 'Not planned.'}</p>;
      return (
        <RunState
          facts={s}
          zone={zone}
          now={now}
          upcoming={(at) => (
            <div className="grid gap-1" data-testid="estimated-send-time">
              <p>
                Estimated send time: <span className="font-medium">{formatDateTime(at, zone)}</span>
              </p>
              <p className="text-sm text-muted-foreground">{deliveryHint(at, zone).text}</p>
            </div>
          )}
        />
      );
    case 'none':
      return <p data-testid="latest-reply">{LATEST_REPLY_TEXTS.none}</p>;
    case 'no-post-id':
      return <p data-testid="latest-reply">{LATEST_REPLY_TEXTS.noPostId}</p>;
    case 'sent':
      return (
        <p data-testid="latest-reply" className="flex flex-wrap items-center gap-2">
          {latest.reply.replyUrl ? (
            <a href={latest.reply.replyUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium underline">
              View reply on {xName} <ExternalLink className="size-3.5" />
            </a>
          ) : (
            <span>Reply {latest.reply.replyPostId}</span>
          )}
          {latest.reply.sentAt && (
            <span className="text-sm text-muted-foreground" title={formatDateTime(latest.reply.sentAt, zone)}>
              sent {timeAgo(latest.reply.sentAt, now.getTime())}
            </span>
          )}
        </p>
      );
  }
}

export default function ScheduleRepliesPage({ params }: { params: { id: string } }) {
  const xName = useXName();
  const zone = useUserZone();
  const now = useNow();
  const { schedule, replies } = useScheduleWithReplies(params.id);

  if (schedule.error) {
    const missing = schedule.error instanceof ApiError && schedule.error.status === 404;
    return (
      <div className="grid gap-6">
        <PageHeader title="Schedule details" actions={back} />
        <p role="alert">{missing ? 'Schedule not found' : 'Error loading schedules. Please try again.'}</p>
      </div>
    );
  }
  const s = schedule.data;
  if (!s) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const status = scheduleBadge(s);
  const list = replies.data ?? [];
  const target = s.targetUsername ?? s.conditions.targetAccount ?? 'unknown';
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={`Replies to @${target}`} description={`From @${s.accountName ?? 'your account'} · ${sourceLabel(s)}`} actions={back} />
      <Card data-testid="schedule-summary">
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <Badge variant={status.tone}>{status.label}</Badge>
            {recurrenceLabel(s) && <Badge variant="outline">{recurrenceLabel(s)}</Badge>}
            {s.scheduleType === 'auto' && <Badge variant="outline">Auto</Badge>}
          </CardTitle>
          <CardDescription className="break-words">{contentSummary(s)}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Latest s={s} replies={list} zone={zone} now={now} />
          {/* The schedule here is its own read: edits and pause are checked against it (If-Match). */}
          <div className="flex flex-wrap gap-2" data-testid="schedule-edit-actions">
            <ScheduleEditActions s={s} />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>All replies</CardTitle>
          <CardDescription>Every reply this schedule produced, latest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {replies.isLoading ? (
            <Skeleton className="h-16 w-full" />
          ) : replies.error ? (
            <p role="alert">Error loading replies. Please try again.</p>
          ) : list.length === 0 ? (
            <p className="text-muted-foreground">{LATEST_REPLY_TEXTS.none}</p>
          ) : (
            <Table data-testid="schedule-replies">
              <TableHeader>
                <TableRow>
                  <TableHead>Status</TableHead>
                  <TableHead>Sent</TableHead>
                  <TableHead>Reply</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.map((r) => (
                  <TableRow key={r.id} data-testid="schedule-reply" data-status={r.status}>
                    <TableCell className="align-top whitespace-normal">
                      <div className="grid justify-items-start gap-1">
                        <ReplyStatusBadge badge={statusBadge(r.status, r.statusMessage)} />
                        {r.status !== 'sent' && <span className="text-xs text-muted-foreground">{statusReason(r.status, r.statusMessage)}</span>}
                      </div>
                    </TableCell>
                    <TableCell className="align-top">{r.sentAt ? formatDateTime(r.sentAt, zone) : '—'}</TableCell>
                    <TableCell className="max-w-md align-top whitespace-normal">
                      <span className="line-clamp-2 break-words">{r.content ?? ''}</span>
                      <PostAge reply={r} />
                      {r.status === 'ready' && r.intentUrl && (
                        <a href={r.intentUrl} target="_blank" rel="noopener noreferrer" className="mr-3 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
                          <ExternalLink className="size-3.5" aria-hidden="true" />
                          Open in {xName}
                        </a>
                      )}
                      {r.replyUrl && (
                        <a href={r.replyUrl} target="_blank" rel="noreferrer" className="text-sm underline">
                          View on {xName}
                        </a>
                      )}
                      {(r.status === 'ready' || r.status === 'unconfirmed') && (
                        <Link href={READY_PATH} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                          Act on it in Ready to send
                        </Link>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
