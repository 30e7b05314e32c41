import { Redirect } from 'wouter';
import { LandingBenefits } from './landing-benefits';
import { LandingFaq } from './landing-faq';
import { LandingFeatures } from './landing-features';
import { LandingHero } from './landing-hero';
import { LandingOffer } from './landing-offer';
import { LandingProblem } from './landing-problem';
import { LandingRoad } from './landing-road';
import { LandingTrial } from './landing-trial';
import { PublicLayout } from './public-layout';
import { needsEmail, useSession, type PublicPageProps } from './use-session';

/** Route `/`: the landing page (spec part 1 §2). */
export default function Landing({ user }: PublicPageProps) {
  const session = useSession(user);
  if (needsEmail(session.user)) return <Redirect to="/email-collection" />;
  return (
    <PublicLayout session={session}>
      <LandingHero user={session.user} />
      <LandingProblem />
      <LandingBenefits />
      <LandingFeatures />
      <LandingRoad />
      <LandingOffer user={session.user} />
      <LandingTrial user={session.user} />
      <LandingFaq />
    </PublicLayout>
  );
}
