// The banner of spec part 2 §8: 'X Authentication Failed' with 'Refresh X Token', 'Logout Instead'
// (navigates to /api/auth/logout) and 'Dismiss Warning'.
import { KeyRound, LogOut, RefreshCw, X } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { TEST_MESSAGES as M } from '@web/features/scheduler-test/messages';

type Props = { detail: string | null; refreshing: boolean; blockedUrl: string | null; onRefresh: () => void; onDismiss: () => void };

export function AuthFailureBanner({ detail, refreshing, blockedUrl, onRefresh, onDismiss }: Props) {
  return (
    <Alert variant="destructive" data-testid="x-auth-banner">
      <KeyRound />
      <AlertTitle>{M.authFailedTitle}</AlertTitle>
      <AlertDescription>
        <p>{M.authFailedDescription}</p>
        {detail && <p className="text-xs break-words opacity-80">{detail}</p>}
        {blockedUrl && (
          <p className="text-xs">
            Popups are blocked:{' '}
            <a href={blockedUrl} target="_blank" rel="noreferrer" className="font-medium underline">
              open the X authorization page
            </a>
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} />
            {refreshing ? 'Waiting for X...' : 'Refresh X Token'}
          </Button>
          <Button size="sm" variant="outline" asChild>
            <a href="/api/auth/logout">
              <LogOut />
              Logout Instead
            </a>
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            <X />
            Dismiss Warning
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
