// /trial-status: 'Your Riposte Subscription'.
import { ArrowRight, Check, CreditCard, History, Layers, LifeBuoy, MessageSquarePlus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { defaultTrialStatus, useTrialStatus } from '@web/lib/trial-status';
import { TrialStatusCard } from '@web/features/subscription/components/trial-status-card';
import { PageHeader } from '@web/components/page-header';
import { BillingSection, useBilling } from '@web/features/billing';
import { isUnlimitedTier } from '@core/users/tier';
import { useAuth } from '@web/lib/auth';

const reasons = [
  'Unlimited scheduled replies',
  'Unlimited connected X accounts',
  'Advanced context-aware AI replies',
  'Bulk reply scheduling',
  'The Premium beta community',
];

const links = [
  { href: '/schedule-replies', label: 'Schedule Replies', icon: MessageSquarePlus },
  { href: '/reply-history', label: 'Reply History', icon: History },
  { href: '/bulk-replies', label: 'Bulk Replies', icon: Layers },
  { href: '/pricing', label: 'Pricing', icon: CreditCard },
];

export default function TrialStatusPage() {
  const { data, error, isLoading } = useTrialStatus();
  const { user } = useAuth();
  const status = data ?? defaultTrialStatus;
  const subscription = useBilling().data?.subscription;
  // A cancelled subscription (or one whose renewal failed) runs to its end date and stops there.
  const renews = subscription === undefined || subscription === null || subscription.renews;
  return (
    <>
      <PageHeader title="Your Riposte Subscription" description="Your plan, what is left of it, and where to go next." />
      {error && <p className="mb-4 text-sm text-destructive">{error.message}</p>}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <TrialStatusCard status={status} loading={isLoading} renews={renews} tier={user?.tier} />
          <BillingSection />
          {!status.isPremium && !isLoading && !(user && isUnlimitedTier(user.tier)) && (
            <Card data-testid="why-upgrade">
              <CardHeader>
                <CardTitle>Why Upgrade</CardTitle>
                <CardDescription>Premium is $20.00 USD a month, renews monthly, and can be cancelled at any time.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                <ul className="grid gap-2 sm:grid-cols-2">
                  {reasons.map((r) => (
                    <li key={r} className="flex items-start gap-2 text-sm">
                      <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                      {r}
                    </li>
                  ))}
                </ul>
                <Button asChild variant="gradient" className="w-fit">
                  <Link href="/payment">
                    Upgrade Now ($20/mo)
                    <ArrowRight />
                  </Link>
                </Button>
              </CardContent>
            </Card>
          )}
        </div>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Quick links</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1">
              {links.map(({ href, label, icon: Icon }) => (
                <Link key={href} href={href} className="flex items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-accent">
                  <Icon className="size-4 text-muted-foreground" />
                  <span className="flex-1">{label}</span>
                  <ArrowRight className="size-4 text-muted-foreground" />
                </Link>
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <LifeBuoy className="size-4 text-primary" /> Need help?
              </CardTitle>
              <CardDescription>Questions about your plan, billing or a reply that did not go out? Get in touch and we will help.</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline" size="sm">
                <Link href="/contact">Contact support</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
