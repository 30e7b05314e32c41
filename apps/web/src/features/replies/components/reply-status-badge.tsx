// A reply's status badge, from the badge the server derived (core/replies/views.ts statusBadge):
// the label and variant are never recomputed here.
import type { StatusBadge } from '@core/replies/views';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { BADGE_SIZE_CLASS, badgeStyle, type BadgeSize } from '@web/components/badge-style';

export function ReplyStatusBadge({ badge, size = 'md', className }: { badge: StatusBadge; size?: BadgeSize; className?: string }) {
  const { variant, icon: Icon } = badgeStyle(badge.variant, badge.status);
  return (
    <Badge variant={variant} className={cn(BADGE_SIZE_CLASS[size], className)} data-testid="reply-status" data-status={badge.status}>
      <Icon aria-hidden="true" />
      {badge.label}
    </Badge>
  );
}
