// Billing Options (the billing feature's section: subscription, Cancel, payment history; plus the
// plan pages) and Legacy Access (its dialog lives on Monitored Accounts; Settings links to it).
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { BillingSection } from '@web/features/billing';
import { Section } from './section';

export function BillingLinks() {
  return (
    <Section id="billing" title="Billing Options" description="Your plan, trial and payments.">
      <BillingSection />
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link href="/trial-status">Trial and plan status</Link>
        </Button>
        <Button asChild>
          <Link href="/payment">Upgrade to Premium</Link>
        </Button>
      </div>
    </Section>
  );
}

export function LegacyAccessSection() {
  return (
    <Section id="legacy" title="Legacy Access" description="Legacy mode adds up to 3 monitored accounts from a profile link, unlocked with the PIN your administrator gives you.">
      <div>
        {/* Wraps on a phone: its label is wider than a 375 px card. */}
        <Button asChild variant="outline" className="h-auto min-h-9 whitespace-normal text-center">
          <Link href="/accounts">Open Legacy Access on Monitored Accounts</Link>
        </Button>
      </div>
    </Section>
  );
}
