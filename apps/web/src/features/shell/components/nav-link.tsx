import { Link } from 'wouter';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/utils';
import type { NavItem } from '@web/features/shell/nav-items';

/** `count`: how many things under this item wait for the user (shown when above 0). */
type Props = { item: NavItem; active: boolean; expanded: boolean; nested?: boolean; count?: number; onNavigate?: () => void };

function CountBadge({ count, expanded }: { count: number; expanded: boolean }) {
  const shown = count > 99 ? '99+' : String(count);
  return expanded ? (
    <span className="ml-auto rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-800 tabular-nums" data-testid="nav-count">
      {shown}
    </span>
  ) : (
    <span className="absolute top-0.5 left-6 min-w-4 rounded-full bg-amber-500 px-1 text-center text-[0.625rem] leading-4 font-semibold text-white tabular-nums" data-testid="nav-count">
      {shown}
    </span>
  );
}

export function NavLink({ item, active, expanded, nested = false, count = 0, onNavigate }: Props) {
  const Icon = item.icon;
  const label = count > 0 ? `${item.label} (${count} waiting)` : item.label;
  const link = (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      aria-label={expanded && count === 0 ? undefined : label}
      className={cn(
        'group/nav relative flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground outline-none transition-colors',
        'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        active && 'bg-sidebar-accent text-sidebar-accent-foreground',
        nested && expanded && 'pl-4',
      )}
    >
      <Icon className={cn('size-[18px] shrink-0', active ? 'text-primary' : 'text-muted-foreground group-hover/nav:text-sidebar-accent-foreground')} />
      <span className={cn('truncate transition-opacity duration-150', expanded ? 'opacity-100' : 'pointer-events-none w-0 opacity-0')}>{item.label}</span>
      {count > 0 && <CountBadge count={count} expanded={expanded} />}
    </Link>
  );
  if (expanded) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
