import { SWRConfig } from 'swr';
import { Toaster } from '@web/components/ui/toaster';
import { swrConfig } from '@web/lib/swr-config';
import { AppRoutes } from '@web/app/router';
import { ErrorBoundary } from '@web/features/errors/error-boundary';
import { SessionModals } from '@web/features/auth/components/session-modals';

export function App() {
  return (
    <ErrorBoundary>
      <SWRConfig value={swrConfig}>
        <AppRoutes />
        <SessionModals />
        <Toaster />
      </SWRConfig>
    </ErrorBoundary>
  );
}
