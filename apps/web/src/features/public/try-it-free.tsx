import { ArrowRight, CalendarClock, LogIn, WandSparkles } from 'lucide-react';
import { Link, Redirect } from 'wouter';
import { PlanLineItem } from './plan-line';
import { usePublicConfig } from '@web/hooks/use-public-config';
import { letItRunText, TRIAL_CONTENTS, TRIAL_DAYS } from './plan-facts';
import { PublicLayout } from './public-layout';
import { Section } from './section';
import { useSession, type PublicPageProps } from './use-session';
import { LinkButton } from './link-button';
import { card, inlineLink } from './styles';

const STEPS = [
  { icon: LogIn, title: 'Sign in', text: 'Sign in with X or create an account. No payment details needed.' },
  { icon: WandSparkles, title: 'Pick accounts and a style', text: 'Choose curated accounts to reply under and the voice of your replies.' },
];

/** Route `/try-it-free` (spec part 1 §2): signed-in users already have their trial. */
export default function TryItFree({ user }: PublicPageProps) {
  const session = useSession(user);
  const { data: config } = usePublicConfig();
  const steps = [...STEPS, { icon: CalendarClock, title: 'Let it run', text: letItRunText(config?.delivery?.sentence) }];
  if (session.user) return <Redirect to="/dashboard" />;
  return (
    <PublicLayout session={session}>
      <Section className="relative isolate overflow-hidden">
        <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_50%_at_50%_-10%,var(--color-indigo-100),transparent_70%)]" />
        <div className="grid items-start gap-12 lg:grid-cols-[1.1fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">Free trial</p>
            <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-slate-950 sm:text-5xl">
              Try Riposte free for {TRIAL_DAYS} days
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
              Put your first replies under high-impression posts and see the difference in your profile visits
              before you decide on Premium.
            </p>
            {/* On small screens the trial card sits below the steps; give the main action a place up top. */}
            <LinkButton href="/auth" variant="gradient" size="lg" className="mt-8 h-12 w-full sm:w-auto lg:hidden">
              Start Free Trial <ArrowRight aria-hidden />
            </LinkButton>
            <ol className="mt-10 space-y-6">
              {steps.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-white text-indigo-600 shadow-xs ring-1 ring-slate-200">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <div>
                    <h2 className="font-semibold text-slate-900">{title}</h2>
                    <p className="mt-1 text-slate-600">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div className={`${card} p-6 shadow-xl shadow-slate-900/5 sm:p-8`}>
            <p className="font-semibold text-slate-900">Your trial includes</p>
            <p className="mt-1 text-sm text-slate-500">{TRIAL_DAYS} days, or until your replies are used up</p>
            <ul className="mt-6 space-y-3">
              {TRIAL_CONTENTS.map((l) => (
                <PlanLineItem key={l.text} text={l.text} included={l.included} />
              ))}
            </ul>
            <LinkButton href="/auth" variant="gradient" size="lg" className="mt-8 h-12 w-full">
              Start Free Trial <ArrowRight aria-hidden />
            </LinkButton>
            <p className="mt-4 text-center text-sm text-slate-500">
              Want it all from day one?{' '}
              <Link href="/pricing" className={inlineLink}>
                See Premium
              </Link>
            </p>
            <p className="mt-6 border-t border-slate-100 pt-4 text-xs leading-relaxed text-slate-500">
              When the trial ends you keep view-only access to your schedules and reply history; automated
              replies stop until you upgrade.
            </p>
          </div>
        </div>
      </Section>
    </PublicLayout>
  );
}
