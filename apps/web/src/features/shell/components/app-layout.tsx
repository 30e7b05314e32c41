// The signed-in layout: sidebar (desktop) or top bar with drawer (phones), and the page.
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect } from 'wouter';
import { PageSpinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useAuth } from '@web/lib/auth';
import { DesktopSidebar } from '@web/features/shell/components/desktop-sidebar';
import { MobileTopbar } from '@web/features/shell/components/mobile-topbar';
import { SandboxMarker } from '@web/features/shell/components/sandbox-marker';
import { XSendingBanner } from '@web/features/shell/components/x-sending-banner';
import { shellState } from '@web/features/shell/sidebar-store';
import { useLiveUpdates } from '@web/hooks/use-live-updates';

export function AppLayout({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { collapsed, hovering, menuOpen } = useSnapshot(shellState);
  useLiveUpdates(Boolean(user));
  if (isLoading) return <PageSpinner />;
  // Spec part 1 §2: the layout itself also sends visitors to /auth.
  if (!user) return <Redirect to="/auth" replace />;
  const wide = !collapsed || hovering || menuOpen;
  return (
    <div className="min-h-dvh bg-background">
      <DesktopSidebar user={user} />
      <MobileTopbar user={user} />
      <div className={cn('transition-[padding] duration-200 ease-out', wide ? 'md:pl-64' : 'md:pl-16')}>
        <SandboxMarker />
        {user.role === 'admin' && <XSendingBanner />}
        <main id="main" tabIndex={-1} className="mx-auto outline-none w-full max-w-7xl px-4 py-6 sm:px-6 md:py-8 lg:px-10">
          {children}
        </main>
      </div>
    </div>
  );
}
