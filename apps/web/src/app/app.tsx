import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useSnapshot } from 'valtio';
import { Toaster } from '@web/components/ui/toaster';
import { swrConfig } from '@web/lib/swr-config';
import { AUTO_REFRESH_MS, autoRefreshState } from '@web/lib/auto-refresh';
import { AppRoutes } from '@web/app/router';
import { ErrorBoundary } from '@web/features/errors/error-boundary';
import { SessionModals } from '@web/features/auth/components/session-modals';

/** The query rules, with the Settings auto-refresh turning polling on (queries with their own interval keep it). */
function Queries({ children }: { children: ReactNode }) {
  const { on } = useSnapshot(autoRefreshState);
  return <SWRConfig value={on ? { ...swrConfig, refreshInterval: AUTO_REFRESH_MS } : swrConfig}>{children}</SWRConfig>;
}

export function App() {
  return (
    <ErrorBoundary>
      <Queries>
        <AppRoutes />
        <SessionModals />
        <Toaster />
      </Queries>
    </ErrorBoundary>
  );
}
