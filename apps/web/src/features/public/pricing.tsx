import { Redirect } from 'wouter';
import { PricingComparison } from './pricing-comparison';
import { PricingFaq } from './pricing-faq';
import { PremiumCard } from './pricing-premium-card';
import { PublicLayout } from './public-layout';
import { Section, SectionHeading } from './section';
import { useSession, type PublicPageProps } from './use-session';

/** Route `/pricing` (spec part 1 §2): signed-in users go to their dashboard. */
export default function Pricing({ user }: PublicPageProps) {
  const session = useSession(user);
  if (session.user) return <Redirect to="/dashboard" />;
  return (
    <PublicLayout session={session}>
      <Section className="relative isolate overflow-hidden pb-12 sm:pb-16">
        <div aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_50%_at_50%_-10%,var(--color-indigo-100),transparent_70%)]" />
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase">Pricing</p>
          <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-slate-950 sm:text-5xl">
            One plan. Unlimited replies.
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-slate-600">
            Start free, upgrade when you're ready. No tiers to compare, no per-reply fees.
          </p>
        </div>
        <div className="mx-auto mt-12 max-w-lg">
          <PremiumCard signedIn={session.user !== null} />
        </div>
      </Section>
      <Section id="compare" className="pt-8 sm:pt-8">
        <div className="mx-auto max-w-3xl">
          <SectionHeading title="Free trial vs Premium" lead="Everything the trial gives you, and what Premium adds." />
          <div className="mt-10">
            <PricingComparison />
          </div>
        </div>
      </Section>
      <Section id="faq" className="bg-slate-50">
        <div className="mx-auto max-w-3xl">
          <SectionHeading eyebrow="FAQ" title="Before you upgrade" />
          <div className="mt-10">
            <PricingFaq />
          </div>
        </div>
      </Section>
    </PublicLayout>
  );
}
