// The X-authentication warning (spec part 1 'Reply status badges'): raised when a listed reply
// carries the 'Auth Failed' badge. The way out is reconnecting the account on My X Accounts.
import { KeyRound } from 'lucide-react';
import { Link } from 'wouter';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import type { ReplyItem } from '@web/features/replies/api/replies';

/** The connected accounts (by name) whose replies failed on authentication. */
export const authFailedAccounts = (replies: readonly ReplyItem[]): string[] =>
  [...new Set(replies.filter((r) => r.badge.authFailed).map((r) => (r.connectedUsername ? `@${r.connectedUsername}` : 'an X account')))];

export function AuthWarningBanner({ replies }: { replies: readonly ReplyItem[] }) {
  const accounts = authFailedAccounts(replies);
  if (accounts.length === 0) return null;
  return (
    <Alert variant="destructive" data-testid="x-auth-warning">
      <KeyRound />
      <AlertTitle>X Authentication Failed</AlertTitle>
      <AlertDescription>
        <p>
          X refused the credentials of {accounts.join(', ')}. Replies from {accounts.length === 1 ? 'it' : 'them'} fail until you reconnect{' '}
          {accounts.length === 1 ? 'it' : 'them'}.
        </p>
        <Button asChild size="sm" variant="outline" className="mt-1 justify-self-start">
          <Link href="/connected-accounts">Reconnect in My X Accounts</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}
