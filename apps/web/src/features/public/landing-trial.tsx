import { ArrowRight, Timer } from 'lucide-react';
import { PlanLineItem } from './plan-line';
import { TRIAL_CONTENTS, TRIAL_DAYS } from './plan-facts';
import { Section, SectionHeading } from './section';
import type { PublicUser } from './use-session';
import { LinkButton } from './link-button';
import { card } from './styles';

export function LandingTrial({ user }: { user: PublicUser | null }) {
  return (
    <Section id="free-trial" className="bg-slate-50">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <SectionHeading
          align="left"
          eyebrow={`${TRIAL_DAYS}-day free trial`}
          title="See it work before you pay a cent"
          lead="Start with a free trial: no payment details, no commitment. When the trial ends you keep view-only access to your schedules and reply history."
        />
        <div className={`${card} p-6 sm:p-8`}>
          <div className="flex items-center gap-3">
            <span className="grid size-10 place-items-center rounded-lg bg-indigo-50 text-indigo-600">
              <Timer className="size-5" aria-hidden />
            </span>
            <div>
              <p className="font-semibold text-slate-900">Free trial</p>
              <p className="text-sm text-slate-500">{TRIAL_DAYS} days, free</p>
            </div>
          </div>
          <ul className="mt-6 space-y-3">
            {TRIAL_CONTENTS.map((l) => (
              <PlanLineItem key={l.text} text={l.text} included={l.included} />
            ))}
          </ul>
          <LinkButton href={user ? '/trial-status' : '/try-it-free'} size="lg" className="mt-8 w-full">
            {user ? 'See your trial status' : 'Start Free Trial'} <ArrowRight aria-hidden />
          </LinkButton>
        </div>
      </div>
    </Section>
  );
}
