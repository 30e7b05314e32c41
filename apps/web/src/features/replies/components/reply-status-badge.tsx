// A reply's status badge, from the badge the server derived (core/replies/views.ts statusBadge):
// the label and variant are never recomputed here. A waiting reply says until when, in `zone`
// (default: the browser's).
import type { StatusBadge } from '@core/replies/views';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';
import { formatTimeOfDay } from '@web/lib/time-format';
import { BADGE_SIZE_CLASS, badgeStyle, type BadgeSize } from '@web/components/badge-style';

export function ReplyStatusBadge({ badge, size = 'md', className, zone }: { badge: StatusBadge; size?: BadgeSize; className?: string; zone?: string }) {
  const { variant, icon: Icon } = badgeStyle(badge.variant, badge.status);
  const until = badge.until ? formatTimeOfDay(badge.until, zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone) : null;
  return (
    <Badge variant={variant} className={cn(BADGE_SIZE_CLASS[size], className)} data-testid="reply-status" data-status={badge.status}>
      <Icon aria-hidden="true" />
      {until === null ? badge.label : `${badge.label} until ${until}`}
    </Badge>
  );
}
