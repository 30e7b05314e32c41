// The fast way through the queue: "Open next in X" opens X's composer for the reply at the top
// (the queue's order: rules/ready-order), and once Riposte sees it posted (or it is marked sent or
// skipped) the next one is at the top. Keys do the same without the mouse: N opens the next one in
// X, M marks it sent, S skips it (not while typing in a field).
import { useEffect } from 'react';
import { ExternalLink } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { markReplySent, skipReply, type ReplyItem } from '@web/features/replies/api/replies';
import { useXName } from '@web/features/replies/components/x-links';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export const nextReady = (items: readonly ReplyItem[]): ReplyItem | null => items.find((r) => r.status === 'ready' && r.intentUrl !== null) ?? null;

export function NextInX({ items }: { items: readonly ReplyItem[] }) {
  const xName = useXName();
  const next = nextReady(items);
  const left = items.filter((r) => r.status === 'ready' && r.intentUrl !== null).length;

  useEffect(() => {
    if (next === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const key = e.key.toLowerCase();
      const act = (what: () => Promise<unknown>, done: string) => {
        e.preventDefault();
        what().then(
          () => toast({ title: done }),
          (err: unknown) => toast({ title: 'That did not work', description: errorMessage(err, 'Please try again'), variant: 'destructive' }),
        );
      };
      if (key === 'n') {
        e.preventDefault();
        window.open(next.intentUrl as string, '_blank', 'noopener');
      } else if (key === 'm') act(() => markReplySent(next.id), 'Marked as sent');
      else if (key === 's') act(() => skipReply(next.id), 'Skipped');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [next]);

  if (next === null) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3" data-testid="next-in-x">
      <Button asChild>
        <a href={next.intentUrl as string} target="_blank" rel="noopener noreferrer" data-reply-id={next.id}>
          <ExternalLink />
          Open next in {xName}
        </a>
      </Button>
      <p className="text-sm text-muted-foreground">
        {left === 1 ? 'The last one' : `1 of ${left}`}: @{next.targetUsername ?? 'unknown'} · Keys: <kbd className="rounded border px-1 font-mono text-xs">N</kbd> open next in {xName},{' '}
        <kbd className="rounded border px-1 font-mono text-xs">M</kbd> mark it sent, <kbd className="rounded border px-1 font-mono text-xs">S</kbd> skip it
      </p>
    </div>
  );
}
