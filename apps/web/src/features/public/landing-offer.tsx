import { ArrowRight, Rocket } from 'lucide-react';
import { Link } from 'wouter';
import { PlanLineItem } from './plan-line';
import { PREMIUM_CONTENTS, PREMIUM_PRICE } from './plan-facts';
import { Section } from './section';
import type { PublicUser } from './use-session';

export function LandingOffer({ user }: { user: PublicUser | null }) {
  // Signed-in users can pay straight away; visitors see the plans first (payment needs sign-in).
  const target = user ? '/payment' : '/pricing';
  return (
    <Section id="launch-offer" className="pt-0 sm:pt-0">
      <div className="relative overflow-hidden rounded-3xl bg-slate-950 px-6 py-12 sm:px-12 sm:py-16">
        <div aria-hidden className="absolute inset-0 bg-[radial-gradient(ellipse_70%_80%_at_100%_0%,color-mix(in_oklab,var(--color-indigo-500)_45%,transparent),transparent),radial-gradient(ellipse_60%_70%_at_0%_100%,color-mix(in_oklab,var(--color-fuchsia-500)_30%,transparent),transparent)]" />
        <div className="relative grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-indigo-200 ring-1 ring-white/15">
              <Rocket className="size-3.5" aria-hidden /> Launch offer
            </p>
            <h2 className="mt-5 text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl">
              Everything in Premium for {PREMIUM_PRICE} a month
            </h2>
            <p className="mt-4 max-w-lg leading-relaxed text-slate-300">
              Unlimited replies from all your accounts, under every curated account. Renews monthly; cancel
              anytime and keep Premium to the end of the period you paid for.
            </p>
            <div className="mt-8 flex items-baseline gap-2">
              <span className="text-4xl font-semibold tracking-tight text-white sm:text-5xl">{PREMIUM_PRICE}</span>
              <span className="whitespace-nowrap text-slate-400">USD / month</span>
            </div>
            <Link href={target} className="mt-8 inline-flex h-12 items-center gap-2 rounded-lg bg-white px-6 font-medium text-slate-900 shadow-sm transition-colors hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              Upgrade Now <ArrowRight className="size-4" aria-hidden />
            </Link>
          </div>
          <ul className="grid gap-4 rounded-2xl border border-white/10 bg-white/[0.04] p-5 sm:p-8">
            {PREMIUM_CONTENTS.map((line) => (
              <PlanLineItem key={line} text={line} invert />
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
