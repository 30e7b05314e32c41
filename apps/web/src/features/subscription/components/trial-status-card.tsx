// The plan display of spec part 1 §4: Premium, Trial active or Trial expired, and the trial's 25
// replies used inside its 7 days (counted on X, ADR 0047).
import { CalendarCheck, Crown, Hourglass, ShieldCheck, Zap } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { Skeleton } from '@web/components/ui/skeleton';
import { TRIAL_REPLIES, type TrialStatus } from '@web/lib/trial-status';
import { tierBadge, type Tier } from '@web/lib/user-model';

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const fmt = (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : null);

type Props = { status: TrialStatus; loading: boolean; renews?: boolean; tier?: Tier | undefined };

export function TrialStatusCard({ status, loading, renews = true, tier }: Props) {
  if (loading) {
    return (
      <Card className="px-5">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-2 w-full" />
      </Card>
    );
  }
  if (status.isPremium) {
    const endDate = fmt(status.subscriptionEndDate);
    return (
      <Card data-testid="plan-premium" className="border-amber-200 bg-linear-to-br from-amber-50 to-card">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Crown className="size-5 text-amber-500" /> Premium Plan
            <Badge variant="premium">Active</Badge>
          </CardTitle>
          <CardDescription>Unlimited replies, unlimited connected accounts and bulk scheduling.</CardDescription>
        </CardHeader>
        {endDate && (
          <CardContent className="flex items-center gap-2 text-sm">
            <CalendarCheck className="size-4 text-muted-foreground" /> {renews ? 'Renews on' : 'Active until'} {endDate}
          </CardContent>
        )}
      </Card>
    );
  }
  // Admins and legacy users are not on the trial: their card says what the tier badge says.
  if (tier === 'admin' || tier === 'legacy') {
    const badge = tierBadge(tier, status.repliesRemaining);
    return (
      <Card data-testid={`plan-${tier}`}>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-indigo-600" /> {badge.label}
          </CardTitle>
          <CardDescription>{badge.tooltip}.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  const used = status.repliesPosted ?? TRIAL_REPLIES - Math.max(0, Math.min(TRIAL_REPLIES, status.repliesRemaining));
  // Counted on X (ADR 0047): "N prepared, M posted, K left".
  const summary = status.summary ?? `${status.repliesPrepared ?? 0} prepared, ${used} posted, ${status.repliesRemaining} left`;
  if (status.trialActive) {
    const ends = fmt(status.trialEndsAt);
    return (
      <Card data-testid="plan-trial">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Zap className="size-5 text-emerald-600" /> Free Trial
            <Badge variant="success">Active</Badge>
          </CardTitle>
          <CardDescription>
            {ends ? `Your trial ends on ${ends}, or after 25 replies on X.` : 'Your trial lasts 7 days or 25 replies on X.'} A reply counts once it
            is on X; one prepared for you and never posted costs nothing.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <div className="flex items-baseline justify-between text-sm">
            <span className="font-medium">
              {status.repliesRemaining} of {TRIAL_REPLIES} replies remaining
            </span>
            <span className="text-muted-foreground">{used} used</span>
          </div>
          <p className="text-sm text-muted-foreground" data-testid="trial-summary">
            {summary}
          </p>
          <Progress value={(status.repliesRemaining / TRIAL_REPLIES) * 100} indicatorClassName="bg-emerald-500" aria-label="Trial replies remaining" />
        </CardContent>
        <CardFooter>
          <Button asChild variant="gradient">
            <Link href="/payment">Upgrade to Premium</Link>
          </Button>
        </CardFooter>
      </Card>
    );
  }
  // All 25 on X inside the 7 days is not an expired trial: further replies wait for an upgrade.
  if (status.trialState === 'used') {
    const ends = fmt(status.trialEndsAt);
    return (
      <Card data-testid="plan-used" className="border-amber-300">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Hourglass className="size-5 text-amber-600" /> {status.headline ?? "You've used your 25 trial replies"}
          </CardTitle>
          <CardDescription>
            {`Your replies wait${ends ? ` (the trial runs until ${ends})` : ''}: upgrade to Premium and they go out. Nothing prepared is lost.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-sm font-medium" data-testid="trial-summary">
            {summary}
          </p>
          <Progress value={100} indicatorClassName="bg-amber-500" aria-label="Trial replies used" />
        </CardContent>
        <CardFooter>
          <Button asChild variant="gradient">
            <Link href="/payment">Upgrade to Premium</Link>
          </Button>
        </CardFooter>
      </Card>
    );
  }
  return (
    <Card data-testid="plan-expired" className="border-destructive/30">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Hourglass className="size-5 text-destructive" /> Trial Expired
        </CardTitle>
        <CardDescription>
          Your free trial has ended. You can still view your schedules and reply history; upgrade to premium to send replies again.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="text-sm font-medium">
          {used} of {TRIAL_REPLIES} replies used
        </div>
        <Progress value={100} indicatorClassName="bg-destructive" aria-label="Trial replies used" />
      </CardContent>
      <CardFooter>
        <Button asChild variant="gradient">
          <Link href="/payment">Upgrade to Premium</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
