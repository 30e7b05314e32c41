import { MessageSquareReply } from 'lucide-react';
import { Link } from 'wouter';

/** The Riposte word mark: a gradient tile with a reply glyph (no image files, CSP is self-only). */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link href="/" className="flex items-center gap-2.5 rounded-md" aria-label="Riposte home">
      <span className="grid size-8 place-items-center rounded-lg bg-linear-to-br from-indigo-500 via-violet-500 to-fuchsia-500 shadow-sm shadow-violet-500/30">
        <MessageSquareReply className="size-4.5 text-white" aria-hidden strokeWidth={2.25} />
      </span>
      <span className={`text-lg font-semibold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}>
        Riposte
      </span>
    </Link>
  );
}
