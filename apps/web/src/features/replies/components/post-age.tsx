// How old the answered post is while a reply waits, or how soon after it the reply went out
// (core/replies/rules/earliness postTimeWords); the exact time of the post is in the title.
import { postTimeWords } from '@core/replies/rules/earliness';
import { useNow } from '@web/hooks/use-now';
import { cn } from '@web/lib/utils';

export function PostAge({ reply, className }: { reply: { status: string; postCreatedAt: string | null; sentAt: string | null }; className?: string }) {
  const now = useNow(30_000);
  const words = postTimeWords(reply, now.getTime());
  if (words === null || reply.postCreatedAt === null) return null;
  return (
    <p className={cn('text-xs text-muted-foreground', className)} title={new Date(reply.postCreatedAt).toLocaleString()} data-testid="post-age">
      {words}
    </p>
  );
}
