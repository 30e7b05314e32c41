import { BadgeCheck, Eye } from 'lucide-react';
import { CURATED_ACCOUNTS } from './plan-facts';
import { Section, SectionHeading } from './section';

const STEPS = [
  { title: 'Connect your X account', text: 'Sign in with X. Riposte never sees your X password.' },
  { title: 'Choose who to reply to', text: `Pick from ${CURATED_ACCOUNTS} curated high-impression accounts, or add your own where your plan allows.` },
  { title: 'Write once, schedule', text: 'Write a reply or a template, choose a viral style and let the AI vary it for every post.' },
  { title: 'Grow, week after week', text: 'Replies land under fresh posts at peak times. Readers click through and follow.' },
];

// Spec part 1 §1 and §9: the monetisation goals.
const GOALS = [
  { icon: BadgeCheck, value: '500', unit: 'verified followers', text: 'Followers with a verified account count toward eligibility.' },
  { icon: Eye, value: '5M', unit: 'views in 90 days', text: 'Impressions on your posts over the last three months.' },
];

export function LandingRoad() {
  return (
    <Section id="road-to-monetization">
      <div className="grid gap-14 lg:grid-cols-2 lg:gap-20">
        <div>
          <SectionHeading
            align="left"
            eyebrow="Road to monetization"
            title="Two numbers stand between you and payouts"
            lead="X pays creators who reach both goals. Riposte puts your replies where the impressions are, so you get there sooner."
          />
          <div className="mt-10 grid grid-cols-2 gap-3 sm:gap-4">
            {GOALS.map(({ icon: Icon, value, unit, text }) => (
              <div key={unit} className="rounded-2xl border border-slate-200 bg-linear-to-b from-white to-slate-50 p-4 sm:p-6">
                <Icon className="size-6 text-indigo-600" aria-hidden />
                <p className="mt-4 text-4xl font-semibold tracking-tight text-slate-900">{value}</p>
                <p className="mt-1 font-medium text-slate-700">{unit}</p>
                <p className="mt-3 text-sm leading-relaxed text-slate-500">{text}</p>
              </div>
            ))}
          </div>
        </div>
        <ol className="relative ml-3.5 space-y-8 border-l border-slate-200 pl-8 lg:mt-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative">
              <span className="absolute top-0 -left-[calc(2rem+0.875rem+0.5px)] grid size-7 place-items-center rounded-full bg-white text-xs font-semibold text-indigo-600 ring-1 ring-indigo-200">
                {i + 1}
              </span>
              <h3 className="font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1.5 leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}
