// The user card at the foot of the sidebar (spec part 1 §2).
import { ChevronsUpDown, LogOut, Settings, ShieldCheck, UserPlus } from 'lucide-react';
import { useLocation } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { cn } from '@web/lib/utils';
import { logout } from '@web/features/auth';
import type { User } from '@web/lib/user-model';
import { TierBadge } from '@web/features/shell/components/tier-badge';
import { setMenuOpen } from '@web/features/shell/sidebar-store';

export function initials(user: Pick<User, 'username' | 'email'>): string {
  const source = user.username || user.email || '';
  return source.slice(0, 2).toUpperCase() || 'U';
}

export function displayName(user: Pick<User, 'username'>): string {
  return user.username || 'User';
}

export function handle(user: Pick<User, 'email'>): string {
  return user.email || '@user';
}

export function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <Avatar className={className}>
      {user.profilePicture && <AvatarImage src={user.profilePicture} alt="" />}
      <AvatarFallback>{initials(user)}</AvatarFallback>
    </Avatar>
  );
}

export function UserMenu({ user, children, side = 'top' }: { user: User; children: React.ReactNode; side?: 'top' | 'right' | 'bottom' }) {
  const [, navigate] = useLocation();
  async function onLogout() {
    await logout();
    navigate('/auth', { replace: true });
  }
  return (
    <DropdownMenu onOpenChange={setMenuOpen}>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent side={side} align="end" className="w-60">
        <DropdownMenuLabel className="grid">
          <span className="truncate">{displayName(user)}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{handle(user)}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {/* Where an X account is added (the spec's Monitored Accounts only lists whom to answer). */}
        <DropdownMenuItem onSelect={() => navigate('/connected-accounts')}>
          <UserPlus />
          Add new account
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void onLogout()}>
          <LogOut className="text-destructive" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function UserCard({ user, expanded }: { user: User; expanded: boolean }) {
  const isAdmin = user.role === 'admin';
  return (
    <div className={cn('rounded-lg transition-colors', expanded && 'border border-sidebar-border bg-background/60 p-2')} data-testid="user-card">
      <UserMenu user={user} side={expanded ? 'top' : 'right'}>
        <button
          type="button"
          className="flex w-full items-center gap-2.5 rounded-md p-1 text-left outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {/* Spoken first; the visible name and address follow, so the name contains what is seen. */}
          <span className="sr-only">Open user menu</span>
          <UserAvatar user={user} className="size-8" />
          {expanded && (
            <>
              <span className="grid min-w-0 flex-1 leading-tight">
                <span className="truncate text-sm font-semibold" data-testid="user-name">{displayName(user)}</span>
                <span className="truncate text-xs text-muted-foreground">{handle(user)}</span>
              </span>
              <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" />
            </>
          )}
        </button>
      </UserMenu>
      {expanded && (
        <div className="mt-2 flex flex-wrap gap-1.5 px-1">
          {/* An admin's tier badge already reads 'Admin Access', so the pill is not repeated. */}
          {isAdmin && user.tier !== 'admin' && (
            <Badge variant="admin">
              <ShieldCheck />
              Admin Access
            </Badge>
          )}
          <TierBadge user={user} />
        </div>
      )}
    </div>
  );
}
