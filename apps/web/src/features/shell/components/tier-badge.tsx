import { Crown, Hourglass, ShieldCheck, Star, Zap } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { tierBadge, trialStateOf, type Tier, type User } from '@web/lib/user-model';

const look: Record<Tier, { variant: 'premium' | 'admin' | 'info' | 'success' | 'destructive'; icon: typeof Crown }> = {
  premium: { variant: 'premium', icon: Crown },
  admin: { variant: 'admin', icon: ShieldCheck },
  legacy: { variant: 'info', icon: Star },
  trial: { variant: 'success', icon: Zap },
  expired: { variant: 'destructive', icon: Hourglass },
};

/** The tier badge of spec part 1 §2: label, tooltip and link by tier precedence. */
export function TierBadge({ user }: { user: User }) {
  const badge = tierBadge(user.tier, user.repliesRemaining, trialStateOf(user) === 'used');
  const { variant, icon: Icon } = look[user.tier];
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge asChild variant={variant} className="hover:opacity-90" data-testid="tier-badge">
          <Link href={badge.href}>
            <Icon />
            {badge.label}
          </Link>
        </Badge>
      </TooltipTrigger>
      <TooltipContent side="top">{badge.tooltip}</TooltipContent>
    </Tooltip>
  );
}
