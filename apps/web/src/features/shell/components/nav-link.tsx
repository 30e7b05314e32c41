import { Link } from 'wouter';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/utils';
import type { NavItem } from '@web/features/shell/nav-items';

type Props = { item: NavItem; active: boolean; expanded: boolean; nested?: boolean; onNavigate?: () => void };

export function NavLink({ item, active, expanded, nested = false, onNavigate }: Props) {
  const Icon = item.icon;
  const link = (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      aria-label={expanded ? undefined : item.label}
      className={cn(
        'group/nav flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground outline-none transition-colors',
        'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        active && 'bg-sidebar-accent text-sidebar-accent-foreground',
        nested && expanded && 'pl-4',
      )}
    >
      <Icon className={cn('size-[18px] shrink-0', active ? 'text-primary' : 'text-muted-foreground group-hover/nav:text-sidebar-accent-foreground')} />
      <span className={cn('truncate transition-opacity duration-150', expanded ? 'opacity-100' : 'pointer-events-none w-0 opacity-0')}>{item.label}</span>
    </Link>
  );
  if (expanded) return link;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{link}</TooltipTrigger>
      <TooltipContent side="right">{item.label}</TooltipContent>
    </Tooltip>
  );
}
