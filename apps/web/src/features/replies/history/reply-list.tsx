// One page of replies: a table from 768 px, cards on phones (nothing to scroll sideways, every
// link reachable). Each reply shows its badge, the reason in plain words, the text, who answered
// whom (and the start of the post answered), when, where it came from and its links to X; a text
// the offline writer wrote in place of the AI provider says so.
import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { useMediaQuery } from '@web/hooks/use-media-query';
import { formatDateTime } from '@web/lib/time-format';
import { resendReply, type ReplyItem } from '@web/features/replies/api/replies';
import { PostExcerpt } from '@web/features/replies/components/post-excerpt';
import { OfflineNote } from '@web/features/replies/components/offline-note';
import { PostAge } from '@web/features/replies/components/post-age';
import { ReplyStatusBadge } from '@web/features/replies/components/reply-status-badge';
import { ReplyLinks } from '@web/features/replies/components/x-links';

/** When it went out, or else when Riposte prepared it. */
function When({ reply, zone }: { reply: ReplyItem; zone: string }) {
  const at = reply.sentAt ?? reply.createdAt;
  return (
    <time dateTime={at} className="tabular-nums">
      {formatDateTime(at, zone)}
      {reply.sentAt === null && <span className="block text-xs text-muted-foreground">not sent</span>}
    </time>
  );
}

/** A reply no schedule made is the admin's direct reply (spec part 2 §3: 'Direct Reply'). */
function Source({ reply }: { reply: ReplyItem }) {
  if (reply.scheduledId === null) return <span className="text-muted-foreground">Direct Reply</span>;
  return (
    <Link href={`/schedule-replies/${encodeURIComponent(reply.scheduledId)}`} className="text-primary underline-offset-4 hover:underline">
      Schedule
    </Link>
  );
}

function Who({ reply }: { reply: ReplyItem }) {
  return (
    <span className="break-words">
      <span className="font-medium">@{reply.targetUsername ?? 'unknown'}</span>
      {reply.connectedUsername && <span className="text-muted-foreground"> from @{reply.connectedUsername}</span>}
    </span>
  );
}

// A sent reply's reason shows only when it says more than 'Posted on X' (sent again, say).
const showsReason = (r: ReplyItem) => r.badge.group !== 'success' || r.statusMessage !== null;

function Status({ reply, zone }: { reply: ReplyItem; zone: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="grid justify-items-start gap-1">
      <ReplyStatusBadge badge={reply.badge} zone={zone} />
      {showsReason(reply) && (
        <span className="text-xs text-muted-foreground" data-testid="reply-reason">
          {reply.reason}
        </span>
      )}
      {reply.canResend && (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          data-testid="reply-resend"
          onClick={() => {
            setBusy(true);
            void resendReply(reply.id).finally(() => setBusy(false));
          }}
        >
          <RotateCcw aria-hidden="true" />
          Send again
        </Button>
      )}
    </div>
  );
}

function ReplyCards({ replies, zone }: { replies: readonly ReplyItem[]; zone: string }) {
  return (
    <ul className="grid divide-y rounded-lg border" aria-label="Replies">
      {replies.map((r) => (
        <li key={r.id} className="grid gap-2 p-4" data-testid="reply-row" data-reply-id={r.id}>
          <div className="flex items-start justify-between gap-3">
            <Status reply={r} zone={zone} />
            <span className="shrink-0 text-right text-xs text-muted-foreground">
              <When reply={r} zone={zone} />
            </span>
          </div>
          <p className="text-sm break-words whitespace-pre-line">{r.content}</p>
          <OfflineNote note={r.aiFallback} />
          <p className="text-sm">
            <Who reply={r} /> · <Source reply={r} />
          </p>
          <PostExcerpt text={r.postText} className="line-clamp-2" />
          <PostAge reply={r} />
          <ReplyLinks reply={r} />
        </li>
      ))}
    </ul>
  );
}

function ReplyTable({ replies, zone }: { replies: readonly ReplyItem[]; zone: string }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead className="w-48">Status</TableHead>
          <TableHead>Reply</TableHead>
          <TableHead className="w-56">Account</TableHead>
          <TableHead className="w-44">Date</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {replies.map((r) => (
          <TableRow key={r.id} data-testid="reply-row" data-reply-id={r.id}>
            <TableCell className="whitespace-normal align-top">
              <Status reply={r} zone={zone} />
            </TableCell>
            <TableCell className="max-w-md whitespace-normal align-top">
              <p className="line-clamp-3 break-words" title={r.content}>
                {r.content}
              </p>
              <OfflineNote note={r.aiFallback} className="mt-1" />
              <ReplyLinks reply={r} className="mt-1" />
            </TableCell>
            <TableCell className="whitespace-normal align-top">
              <Who reply={r} />
              <PostExcerpt text={r.postText} className="mt-0.5 line-clamp-2" />
              <PostAge reply={r} />
              <span className="block text-xs">
                <Source reply={r} />
              </span>
            </TableCell>
            <TableCell className="whitespace-normal align-top">
              <When reply={r} zone={zone} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ReplyList({ replies, zone }: { replies: readonly ReplyItem[]; zone: string }) {
  const wide = useMediaQuery('(min-width: 768px)');
  return wide ? <ReplyTable replies={replies} zone={zone} /> : <ReplyCards replies={replies} zone={zone} />;
}
