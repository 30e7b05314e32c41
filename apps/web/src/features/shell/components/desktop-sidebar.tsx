// Desktop sidebar (>= 768 px): narrow (w-16, icons with tooltips) unless pinned open; expands to
// w-64 while the pointer is over it.
import { useEffect } from 'react';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { cn } from '@web/lib/utils';
import type { User } from '@web/lib/user-model';
import { setCollapsed, setHovering, setMenuOpen, shellState } from '@web/features/shell/sidebar-store';
import { Brand } from '@web/features/shell/components/brand';
import { SidebarNav } from '@web/features/shell/components/sidebar-nav';
import { UserCard } from '@web/features/shell/components/user-card';

export function useSidebarExpanded(): boolean {
  const { collapsed, hovering, menuOpen } = useSnapshot(shellState);
  return !collapsed || hovering || menuOpen;
}

export function DesktopSidebar({ user }: { user: User }) {
  const { collapsed } = useSnapshot(shellState);
  const expanded = useSidebarExpanded();
  // Leaving the signed-in area (logout) unmounts the sidebar without a mouseleave.
  useEffect(
    () => () => {
      setHovering(false);
      setMenuOpen(false);
    },
    [],
  );
  return (
    <aside
      data-testid="desktop-sidebar"
      data-expanded={expanded}
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      className={cn(
        'fixed inset-y-0 left-0 z-40 hidden flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-out md:flex',
        expanded ? 'w-64 shadow-lg shadow-slate-900/5' : 'w-16',
      )}
    >
      <div className="flex h-16 shrink-0 items-center px-4">
        <Brand showName={expanded} />
      </div>
      <div className="flex-1 overflow-x-hidden overflow-y-auto px-3 py-2">
        <SidebarNav expanded={expanded} isAdmin={user.role === 'admin'} />
      </div>
      <div className="grid gap-2 border-t border-sidebar-border p-3">
        <UserCard user={user} expanded={expanded} />
        <button
          type="button"
          onClick={() => setCollapsed(!collapsed)}
          className="flex h-8 items-center gap-3 rounded-md px-2.5 text-xs text-muted-foreground outline-none hover:bg-sidebar-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={collapsed ? 'Keep sidebar open' : 'Collapse sidebar'}
          aria-pressed={!collapsed}
        >
          {collapsed ? <PanelLeftOpen className="size-4 shrink-0" /> : <PanelLeftClose className="size-4 shrink-0" />}
          {expanded && <span className="truncate">{collapsed ? 'Keep sidebar open' : 'Collapse sidebar'}</span>}
        </button>
      </div>
    </aside>
  );
}
