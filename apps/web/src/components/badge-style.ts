// How each badge variant of core/replies/views.ts looks (spec part 1 'Reply status badges'): sent
// is a success badge; pending and scheduled an outline badge with a clock; the failures
// destructive; 'Auth Failed' destructive with a key; anything else neutral. Riposte's own
// 'attention' (ready, unconfirmed: the user may act) is amber, with an icon per status.
import { Ban, CircleCheck, CircleHelp, CircleX, Clock, KeyRound, Send, Timer, type LucideIcon } from 'lucide-react';
import type { BadgeVariant } from '@core/replies/views';
import type { BadgeProps } from '@web/components/ui/badge';

export type BadgeStyle = { variant: NonNullable<BadgeProps['variant']>; icon: LucideIcon };

const BY_VARIANT: Readonly<Record<BadgeVariant, BadgeStyle>> = {
  success: { variant: 'success', icon: CircleCheck },
  pending: { variant: 'outline', icon: Clock },
  destructive: { variant: 'destructive', icon: CircleX },
  auth_failed: { variant: 'destructive', icon: KeyRound },
  attention: { variant: 'warning', icon: Send },
  neutral: { variant: 'secondary', icon: Ban },
};

/** Statuses whose icon says more than their variant's. */
const BY_STATUS: Readonly<Record<string, Partial<BadgeStyle>>> = {
  unconfirmed: { icon: CircleHelp },
  expired: { icon: Timer },
};

export function badgeStyle(variant: BadgeVariant, status: string): BadgeStyle {
  return { ...BY_VARIANT[variant], ...BY_STATUS[status] };
}

export type BadgeSize = 'sm' | 'md' | 'lg';

export const BADGE_SIZE_CLASS: Readonly<Record<BadgeSize, string>> = {
  sm: 'px-1.5 py-0 text-[0.6875rem] [&>svg]:size-2.5',
  md: '',
  lg: 'px-3 py-1 text-sm [&>svg]:size-4',
};
