// Below 768 px: a top bar with a menu button that slides a drawer in from the left. The drawer
// closes whenever the location changes.
import { useEffect } from 'react';
import { Menu, Send } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import type { User } from '@web/lib/user-model';
import { setMobileOpen, shellState } from '@web/features/shell/sidebar-store';
import { Brand } from '@web/features/shell/components/brand';
import { SidebarNav } from '@web/features/shell/components/sidebar-nav';
import { UserAvatar, UserCard, UserMenu } from '@web/features/shell/components/user-card';
import { READY_PATH, useReplySummary, waitingCount } from '@web/features/replies';

/** Replies waiting for the person: one tap from every page on a phone. */
function ReadyShortcut() {
  const waiting = waitingCount(useReplySummary().data);
  if (waiting === 0) return null;
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link href={READY_PATH} aria-label={`Ready to send (${waiting} waiting)`} data-testid="ready-shortcut">
        <Send className="size-5" />
        <span className="absolute top-0.5 right-0 min-w-4 rounded-full bg-amber-500 px-1 text-center text-[0.625rem] leading-4 font-semibold text-white tabular-nums">
          {waiting > 99 ? '99+' : waiting}
        </span>
      </Link>
    </Button>
  );
}

export function MobileTopbar({ user }: { user: User }) {
  const { mobileOpen } = useSnapshot(shellState);
  const [location] = useLocation();
  useEffect(() => setMobileOpen(false), [location]);
  const close = () => setMobileOpen(false);

  return (
    <header data-testid="mobile-topbar" className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-card/90 px-3 backdrop-blur md:hidden">
      <Button variant="ghost" size="icon" aria-label="Open menu" onClick={() => setMobileOpen(true)}>
        <Menu className="size-5" />
      </Button>
      <Brand />
      <div className="ml-auto flex items-center gap-1">
        <ReadyShortcut />
        <UserMenu user={user} side="bottom">
          <button type="button" className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <span className="sr-only">Open user menu</span>
            <UserAvatar user={user} className="size-8" />
          </button>
        </UserMenu>
      </div>
      <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent data-testid="mobile-drawer" aria-describedby={undefined}>
          <div className="flex h-14 items-center px-4">
            <SheetTitle asChild>
              <div>
                <Brand onNavigate={close} />
              </div>
            </SheetTitle>
            <SheetDescription className="sr-only">Navigation</SheetDescription>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
            <SidebarNav expanded isAdmin={user.role === 'admin'} onNavigate={close} />
          </div>
          <div className="border-t p-3">
            <UserCard user={user} expanded />
          </div>
        </SheetContent>
      </Sheet>
    </header>
  );
}
