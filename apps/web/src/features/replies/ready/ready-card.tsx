// One reply waiting for the user: who it answers and the start of that post, the text, until when,
// and the one-click actions.
// Ready replies open X's own composer pre-filled ('Open in X'); ready and unconfirmed ones can be
// marked as sent or skipped. What the card shows after an action is the server's answer.
import { useState } from 'react';
import { Check, ExternalLink, SkipForward } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { formatDateTime, timeAgo } from '@web/lib/time-format';
import { markReplySent, skipReply, type ReplyItem } from '@web/features/replies/api/replies';
import { PostExcerpt } from '@web/features/replies/components/post-excerpt';
import { OfflineNote } from '@web/features/replies/components/offline-note';
import { PostAge } from '@web/features/replies/components/post-age';
import { ReplyStatusBadge } from '@web/features/replies/components/reply-status-badge';
import { useXName } from '@web/features/replies/components/x-links';

const WAITING = new Set(['ready', 'unconfirmed']);

function Expiry({ at, zone, now }: { at: string; zone: string; now: number }) {
  const past = Date.parse(at) <= now;
  return (
    <span className="text-xs text-muted-foreground" title={formatDateTime(at, zone)} data-testid="reply-expiry">
      {past ? 'Expired' : `Expires ${timeAgo(at, now)}`}
    </span>
  );
}

export function ReadyCard({ reply, zone, now }: { reply: ReplyItem; zone: string; now: number }) {
  const [busy, setBusy] = useState<'sent' | 'skip' | null>(null);
  // An unconfirmed reply the person found on X: its link lets the history point to it.
  const [link, setLink] = useState('');
  const xName = useXName();
  const waiting = WAITING.has(reply.status);
  const run = async (which: 'sent' | 'skip') => {
    setBusy(which);
    try {
      await (which === 'sent' ? markReplySent(reply.id, link.trim() || undefined) : skipReply(reply.id));
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4" data-testid="ready-reply" data-reply-id={reply.id} data-status={reply.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="text-sm break-words">
            Reply to <span className="font-medium">@{reply.targetUsername ?? 'unknown'}</span>
            {reply.connectedUsername && <span className="text-muted-foreground"> from @{reply.connectedUsername}</span>}
          </p>
          <PostExcerpt text={reply.postText} className="line-clamp-3" />
          <PostAge reply={reply} />
          {reply.postUrl && (
            <a href={reply.postUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-xs text-muted-foreground underline-offset-4 hover:underline">
              See the post on {xName}
              <ExternalLink className="size-3" aria-hidden="true" />
            </a>
          )}
        </div>
        <div className="grid justify-items-end gap-1">
          <ReplyStatusBadge badge={reply.badge} />
          {reply.status === 'ready' && reply.expiresAt && <Expiry at={reply.expiresAt} zone={zone} now={now} />}
        </div>
      </div>
      <blockquote className="rounded-md border-l-4 border-primary/40 bg-muted/50 px-3 py-2 text-sm break-words whitespace-pre-line" data-testid="reply-text">
        {reply.content}
      </blockquote>
      <OfflineNote note={reply.aiFallback} />
      {reply.status === 'unconfirmed' && (
        <div className="grid gap-2">
          <p className="text-xs text-muted-foreground">{reply.reason}</p>
          <Input
            aria-label="Link to the reply on X (optional)"
            placeholder="Link to the reply on X (optional)"
            inputMode="url"
            value={link}
            onChange={(e) => setLink(e.target.value)}
            disabled={busy !== null}
          />
        </div>
      )}
      {waiting ? (
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
          {reply.intentUrl && (
            <Button asChild>
              <a href={reply.intentUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink />
                Open in X
              </a>
            </Button>
          )}
          <Button variant="outline" disabled={busy !== null} onClick={() => void run('sent')}>
            <Check />
            {busy === 'sent' ? 'Marking...' : 'Mark as sent'}
          </Button>
          <Button variant="ghost" disabled={busy !== null} onClick={() => void run('skip')}>
            <SkipForward />
            {busy === 'skip' ? 'Skipping...' : 'Skip'}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="reply-done">
          {reply.reason}
        </p>
      )}
    </li>
  );
}
