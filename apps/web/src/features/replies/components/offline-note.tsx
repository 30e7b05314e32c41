// Says so when the offline writer wrote a reply in place of the AI provider (it failed, or a limit
// was reached, and the admin's fallback is 'offline'): the words come from the server (core/replies/views.ts).
import { cn } from '@web/lib/utils';

export function OfflineNote({ note, className }: { note: string | null; className?: string }) {
  if (note === null) return null;
  return (
    <p className={cn('text-xs break-words text-amber-700', className)} data-testid="reply-ai-fallback">
      {note}
    </p>
  );
}
