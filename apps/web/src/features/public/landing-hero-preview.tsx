import { AtSign, CircleCheckBig, Clock, WandSparkles } from 'lucide-react';

// An illustration of the scheduler overview, drawn with markup (no screenshots: CSP is self-only).
// The handles and texts are made up for the picture.

// Relative activity per hour of a typical day; the bars over 70 are drawn as peak windows.
const ACTIVITY = [18, 12, 9, 7, 8, 14, 30, 52, 74, 80, 66, 58, 62, 70, 64, 56, 60, 78, 92, 96, 84, 62, 40, 26];

const ROWS = [
  { who: 'curated_tech', initials: 'CT', text: 'The part nobody mentions: shipping weekly beats shipping perfect.', status: 'sent' },
  { who: 'daily_markets', initials: 'DM', text: 'Underrated point. The second-order effect is where the real story is.', status: 'scheduled' },
  { who: 'growth_notes', initials: 'GN', text: 'Saved this. Consistency compounds faster than talent.', status: 'writing' },
] as const;

function Status({ status }: { status: (typeof ROWS)[number]['status'] }) {
  switch (status) {
    case 'sent':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-medium text-emerald-700 ring-1 ring-emerald-600/15">
          <CircleCheckBig className="size-3" aria-hidden /> Sent
        </span>
      );
    case 'scheduled':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-[11px] font-medium text-slate-600 ring-1 ring-slate-300">
          <Clock className="size-3" aria-hidden /> 18:05
        </span>
      );
    case 'writing':
      return (
        <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-[11px] font-medium text-violet-700 ring-1 ring-violet-600/15">
          <WandSparkles className="size-3" aria-hidden /> Writing
        </span>
      );
  }
}

export function HeroPreview() {
  return (
    <div className="relative mx-auto w-full max-w-xl" aria-hidden>
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-linear-to-br from-indigo-400/25 via-violet-400/20 to-fuchsia-400/25 blur-2xl" />
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl shadow-slate-900/10">
        <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="size-2.5 rounded-full bg-slate-200" />
          <span className="ml-2 text-xs font-medium text-slate-500">Scheduler overview</span>
          <span className="ml-auto inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-medium text-emerald-700">
            <span className="size-1.5 animate-pulse rounded-full bg-emerald-500" /> Live
          </span>
        </div>
        <div className="px-4 pt-4 pb-3">
          <div className="flex items-baseline justify-between">
            <p className="text-xs font-medium text-slate-700">Today's peak windows</p>
            <p className="text-[11px] text-slate-500">00:00 – 23:00</p>
          </div>
          <div className="mt-3 flex h-16 items-end gap-[3px]">
            {ACTIVITY.map((v, hour) => (
              <div
                key={hour}
                style={{ height: `${v}%` }}
                className={`flex-1 rounded-sm ${v > 70 ? 'bg-linear-to-t from-indigo-500 to-violet-400' : 'bg-slate-200'}`}
              />
            ))}
          </div>
        </div>
        <ul className="divide-y divide-slate-100 border-t border-slate-100 pb-6 sm:pb-8">
          {ROWS.map((r) => (
            <li key={r.who} className="flex gap-3 px-4 py-3">
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-linear-to-br from-slate-700 to-slate-900 text-[10px] font-semibold text-white">
                {r.initials}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex items-center justify-between gap-2">
                  <p className="truncate text-xs text-slate-500">
                    Reply to <span className="font-medium text-slate-800">@{r.who}</span>
                  </p>
                  <Status status={r.status} />
                </div>
                <p className="mt-1 text-sm leading-snug text-slate-800">{r.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="absolute -bottom-4 -left-3 hidden items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-2 text-xs font-medium text-slate-700 shadow-lg sm:flex">
        <span className="grid size-6 place-items-center rounded-md bg-indigo-50 text-indigo-600">
          <AtSign className="size-3.5" />
        </span>
        @mentions removed automatically
      </div>
    </div>
  );
}
