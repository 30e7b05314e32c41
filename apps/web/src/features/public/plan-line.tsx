import { Check, X } from 'lucide-react';

/** One line of a plan's contents with a tick, or a muted cross when the plan lacks it. */
export function PlanLineItem({ text, included = true, invert = false }: { text: string; included?: boolean; invert?: boolean }) {
  const tick = invert ? 'bg-white/15 text-white' : 'bg-indigo-50 text-indigo-600';
  const cross = invert ? 'bg-white/5 text-slate-500' : 'bg-slate-100 text-slate-400';
  const label = invert ? (included ? 'text-slate-100' : 'text-slate-500') : included ? 'text-slate-700' : 'text-slate-500';
  return (
    <li className="flex items-start gap-3">
      <span className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full ${included ? tick : cross}`}>
        {included ? <Check className="size-3.5" strokeWidth={3} aria-hidden /> : <X className="size-3.5" strokeWidth={3} aria-hidden />}
      </span>
      <span className={label}>
        {included ? null : <span className="sr-only">Not included: </span>}
        {text}
      </span>
    </li>
  );
}
