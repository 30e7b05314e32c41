// The frame of the sign-in pages: a brand panel beside the form on wide screens, the form alone
// on phones.
import type { ReactNode } from 'react';
import { CalendarClock, MessageSquareReply, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'wouter';

const points = [
  { icon: CalendarClock, text: 'Replies land in the peak windows when the big accounts post.' },
  { icon: Sparkles, text: 'Variations and an AI writer keep every reply new; repeats X would refuse are never sent.' },
  { icon: ShieldCheck, text: '@mentions are stripped automatically to keep your account safe.' },
];

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link href="/" className={`flex items-center gap-2.5 rounded-md ${className}`} aria-label="Riposte home">
      <span className="grid size-8 place-items-center rounded-lg bg-linear-to-br from-indigo-500 via-violet-500 to-fuchsia-500 shadow-sm shadow-violet-500/30">
        <MessageSquareReply className="size-4.5 text-white" aria-hidden strokeWidth={2.25} />
      </span>
      <span className="text-lg font-semibold tracking-tight">Riposte</span>
    </Link>
  );
}

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_1.1fr]">
      <aside className="relative hidden overflow-hidden bg-slate-950 p-10 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="pointer-events-none absolute -top-32 -left-32 size-96 rounded-full bg-indigo-600/30 blur-3xl" />
        <div className="pointer-events-none absolute -right-24 bottom-0 size-80 rounded-full bg-fuchsia-600/20 blur-3xl" />
        <Logo className="relative text-white" />
        <div className="relative max-w-md">
          <h2 className="text-3xl font-semibold tracking-tight text-balance">Be the first smart reply under every big post.</h2>
          <ul className="mt-8 grid gap-5">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3 text-slate-300">
                <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-white/10 text-indigo-300">
                  <Icon className="size-4" />
                </span>
                <span className="pt-1 text-sm leading-relaxed">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-xs text-slate-400">© {new Date().getFullYear()} Riposte</p>
      </aside>
      <main id="main" tabIndex={-1} className="flex flex-col outline-none items-center justify-center px-4 py-10 sm:px-8">
        <Logo className="mb-8 lg:hidden" />
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
