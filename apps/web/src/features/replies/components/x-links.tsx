// Links to X for a reply: X's composer with it filled in while it is ready, the reply itself (once
// X gave its id) and the post it answers. In sandbox
// mode they lead to the bundled X emulator, and say so.
import { ExternalLink } from 'lucide-react';
import { useXName } from '@web/hooks/use-x-name';
import { cn } from '@web/lib/utils';
import type { ReplyItem } from '@web/features/replies/api/replies';

export { useXName };

const linkClass = 'inline-flex min-h-8 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline';

export function ReplyLinks({ reply, className }: { reply: ReplyItem; className?: string }) {
  const xName = useXName();
  const intent = reply.status === 'ready' ? reply.intentUrl : null;
  if (!reply.replyUrl && !reply.postUrl && !intent) return null;
  return (
    <span className={cn('flex flex-wrap items-center gap-x-3', className)}>
      {intent && (
        <a href={intent} target="_blank" rel="noopener noreferrer" className={linkClass} data-testid="open-in-x">
          Open in {xName}
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      )}
      {reply.replyUrl && (
        <a href={reply.replyUrl} target="_blank" rel="noreferrer" className={linkClass} data-testid="reply-link">
          View on {xName}
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      )}
      {reply.postUrl && (
        <a href={reply.postUrl} target="_blank" rel="noreferrer" className={cn(linkClass, 'text-muted-foreground')} data-testid="post-link">
          Target post
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      )}
    </span>
  );
}
