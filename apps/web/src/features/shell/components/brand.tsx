import { MessageSquareReply } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@web/lib/utils';

export function Brand({ showName = true, onNavigate }: { showName?: boolean; onNavigate?: () => void }) {
  return (
    <Link href="/dashboard" onClick={onNavigate} className="flex items-center gap-2.5 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" aria-label="Riposte dashboard">
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-linear-to-br from-indigo-500 via-violet-500 to-fuchsia-500 shadow-sm shadow-violet-500/30">
        <MessageSquareReply className="size-4.5 text-white" aria-hidden strokeWidth={2.25} />
      </span>
      <span className={cn('text-base font-semibold tracking-tight transition-opacity', showName ? 'opacity-100' : 'w-0 opacity-0')}>Riposte</span>
    </Link>
  );
}
