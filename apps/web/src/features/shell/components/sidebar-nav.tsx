// The sidebar's navigation: the main items, then the admin group for admins.
import { ChevronDown, ShieldCheck } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@web/components/ui/collapsible';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/utils';
import { adminNav, isActive, isAdminRoute, mainNav } from '@web/features/shell/nav-items';
import { setAdminOpen, shellState } from '@web/features/shell/sidebar-store';
import { NavLink } from '@web/features/shell/components/nav-link';
import { READY_PATH, useReplySummary, waitingCount } from '@web/features/replies';

type Props = { expanded: boolean; isAdmin: boolean; onNavigate?: () => void };

export function SidebarNav({ expanded, isAdmin, onNavigate }: Props) {
  const [location] = useLocation();
  const { adminOpen } = useSnapshot(shellState);
  const waiting = waitingCount(useReplySummary().data);
  const onAdminRoute = isAdminRoute(location);
  // Spec part 1 §2: forced open on admin routes; its items show only when the sidebar is expanded.
  const groupOpen = onAdminRoute || adminOpen;

  const trigger = (
    <CollapsibleTrigger
      aria-label={expanded ? undefined : 'Admin Settings'}
      className={cn(
        'group/admin flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground outline-none transition-colors',
        'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        onAdminRoute && !expanded && 'bg-sidebar-accent text-sidebar-accent-foreground',
      )}
    >
      <ShieldCheck className={cn('size-[18px] shrink-0', onAdminRoute ? 'text-primary' : 'text-muted-foreground')} />
      <span className={cn('flex-1 truncate text-left transition-opacity', expanded ? 'opacity-100' : 'w-0 opacity-0')}>Admin Settings</span>
      {expanded && <ChevronDown className={cn('size-4 text-muted-foreground transition-transform', groupOpen && 'rotate-180')} />}
    </CollapsibleTrigger>
  );

  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {mainNav.map((item) => (
        <NavLink key={item.href} item={item} active={isActive(item, location)} expanded={expanded} count={item.href === READY_PATH ? waiting : 0} onNavigate={onNavigate} />
      ))}
      {isAdmin && (
        <Collapsible
          open={groupOpen}
          onOpenChange={(open) => {
            if (!onAdminRoute) setAdminOpen(open);
          }}
          className="mt-3 border-t border-sidebar-border pt-3"
          data-testid="admin-group"
        >
          {expanded ? (
            trigger
          ) : (
            <Tooltip>
              <TooltipTrigger asChild>{trigger}</TooltipTrigger>
              <TooltipContent side="right">Admin Settings</TooltipContent>
            </Tooltip>
          )}
          {/* Kept in the page while the sidebar is narrow (hidden), so the trigger's aria-controls
              always names it. */}
          <CollapsibleContent className={cn('mt-1 flex flex-col gap-1', !expanded && 'hidden')}>
            {adminNav.map((item) => (
              <NavLink key={item.href} item={item} active={isActive(item, location)} expanded nested onNavigate={onNavigate} />
            ))}
          </CollapsibleContent>
        </Collapsible>
      )}
    </nav>
  );
}
