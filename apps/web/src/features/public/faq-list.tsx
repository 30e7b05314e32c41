import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

export type FaqItem = { q: string; a: ReactNode };

// Native <details> gives keyboard and screen-reader support with no script; the chevron turns
// through the `group-open` variant.
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.q} className="group px-5 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
            {item.q}
            <ChevronDown className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          <div className="pb-5 text-sm leading-relaxed text-slate-600 sm:text-base">{item.a}</div>
        </details>
      ))}
    </div>
  );
}
