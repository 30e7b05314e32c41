import { ArrowRight, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { HeroPreview } from './landing-hero-preview';
import { CURATED_ACCOUNTS, TRIAL_REPLIES, VIRAL_STYLES } from './plan-facts';
import type { PublicUser } from './use-session';
import { LinkButton } from './link-button';
import { container } from './styles';

const STATS = [
  { value: String(CURATED_ACCOUNTS), label: 'curated high-impression accounts' },
  { value: String(VIRAL_STYLES), label: 'viral reply styles' },
  { value: String(TRIAL_REPLIES), label: 'free replies to start' },
];

export function LandingHero({ user }: { user: PublicUser | null }) {
  return (
    <section className="relative isolate overflow-hidden">
      {/* Soft glow and grid drawn in CSS: the CSP allows no outside images or fonts. */}
      <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_80%_60%_at_50%_-10%,var(--color-indigo-200),transparent_70%)]" />
      <div aria-hidden className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--color-slate-200)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-slate-200)_1px,transparent_1px)] bg-size-[48px_48px] opacity-40 mask-[radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)]" />
      <div className={`${container} grid items-center gap-14 pt-16 pb-20 sm:pt-24 lg:grid-cols-[1.05fr_1fr] lg:pb-28`}>
        <div>
          <Link href="/pricing" className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white/70 px-3 py-1 text-xs font-medium text-indigo-700 shadow-xs hover:border-indigo-300">
            <Sparkles className="size-3.5" aria-hidden /> Launch offer: Premium for $20/month
          </Link>
          <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance text-slate-950 sm:text-5xl lg:text-6xl">
            <span className="block">Reply first.</span>
            <span className="block">Get seen.</span>
            <span className="block bg-linear-to-r from-indigo-600 via-violet-600 to-fuchsia-600 bg-clip-text pb-1 text-transparent">
              Get monetized.
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-600">
            Riposte places thoughtful, AI-written replies under the posts of the biggest accounts on X, from
            your own accounts, at the moments those posts get the most eyes. Their audience finds you.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {user ? (
              <LinkButton href="/schedule-replies" variant="gradient" size="lg" className="h-12">
                Go to Schedule Replies <ArrowRight aria-hidden />
              </LinkButton>
            ) : (
              <>
                <LinkButton href="/try-it-free" variant="gradient" size="lg" className="h-12">
                  Start your 7-day free trial <ArrowRight aria-hidden />
                </LinkButton>
                <LinkButton href="/pricing" variant="outline" size="lg" className="h-12">
                  See pricing
                </LinkButton>
              </>
            )}
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-t border-slate-200 pt-6">
            {STATS.map((s) => (
              <div key={s.label}>
                <dt className="sr-only">{s.label}</dt>
                <dd className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{s.value}</dd>
                <dd className="mt-1 text-xs leading-snug text-slate-500 sm:text-sm">{s.label}</dd>
              </div>
            ))}
          </dl>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
