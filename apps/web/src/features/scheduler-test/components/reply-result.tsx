// What a run or a direct reply ended with: the server's answer, with its badge and reason.
import { ReplyLinks, ReplyStatusBadge, type ReplyItem } from '@web/features/replies';

export function ReplyResult({ reply }: { reply: ReplyItem }) {
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/30 p-3" data-testid="test-result" data-status={reply.status}>
      <div className="flex flex-wrap items-center gap-2">
        <ReplyStatusBadge badge={reply.badge} />
        <span className="text-sm text-muted-foreground">{reply.reason}</span>
      </div>
      {reply.content && <p className="text-sm break-words whitespace-pre-line">{reply.content}</p>}
      <ReplyLinks reply={reply} />
    </div>
  );
}
