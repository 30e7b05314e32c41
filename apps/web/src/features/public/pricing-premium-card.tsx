import { ArrowRight, Crown } from 'lucide-react';
import { Link } from 'wouter';
import { PlanLineItem } from './plan-line';
import { PREMIUM_CONTENTS, PREMIUM_PRICE, TRIAL_DAYS } from './plan-facts';
import { LinkButton } from './link-button';
import { inlineLink } from './styles';

/** Spec part 1 §2: the button goes to /payment when signed in, else to /auth. */
export function PremiumCard({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="relative rounded-3xl bg-linear-to-b from-indigo-500 via-violet-500 to-fuchsia-500 p-px shadow-2xl shadow-indigo-600/20">
      <div className="rounded-[calc(1.5rem-1px)] bg-white p-6 sm:p-10">
        <div className="flex items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <span className="grid size-10 place-items-center rounded-lg bg-linear-to-br from-indigo-500 to-violet-500 text-white">
              <Crown className="size-5" aria-hidden />
            </span>
            <h2 className="text-xl font-semibold text-slate-900">Premium</h2>
          </div>
          <span className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/15">
            Launch offer
          </span>
        </div>
        <div className="mt-8 flex items-baseline gap-2">
          <span className="text-5xl font-semibold tracking-tight text-slate-950">{PREMIUM_PRICE}</span>
          <span className="text-slate-500">USD per month</span>
        </div>
        <p className="mt-3 text-sm leading-relaxed text-slate-600">
          Renews automatically each month. Cancel anytime; Premium stays active until the end of your
          billing period.
        </p>
        <ul className="mt-8 space-y-3">
          {PREMIUM_CONTENTS.map((line) => (
            <PlanLineItem key={line} text={line} />
          ))}
        </ul>
        <LinkButton href={signedIn ? '/payment' : '/auth'} variant="gradient" size="lg" className="mt-10 h-12 w-full">
          {signedIn ? 'Upgrade to Premium' : 'Get Premium'} <ArrowRight aria-hidden />
        </LinkButton>
        <p className="mt-4 text-center text-sm text-slate-500">
          Not ready yet?{' '}
          <Link href="/try-it-free" className={inlineLink}>
            Start a {TRIAL_DAYS}-day free trial
          </Link>
        </p>
      </div>
    </div>
  );
}
