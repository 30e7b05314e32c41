// Twitter API configuration and, for admins, the X API Status card (spec part 2 §4: five states of
// the credentials check). Non-admins see only the notice; the server refuses them the check anyway.
import useSWR from 'swr';
import { Link } from 'wouter';
import type { XCredentialsStatus } from '@core/x';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Section } from './section';

const STATE_TEXT: Record<XCredentialsStatus['status'], { label: string; tone: 'success' | 'warning' | 'destructive' | 'outline' }> = {
  success: { label: 'Connected', tone: 'success' },
  partial: { label: 'Partially working', tone: 'warning' },
  failed: { label: 'Failed', tone: 'destructive' },
  incomplete: { label: 'Incomplete configuration', tone: 'outline' },
  error: { label: 'Error', tone: 'destructive' },
};

const yes = (b: boolean) => (b ? 'present' : 'missing');

function StatusCard() {
  const { data, error, isLoading, mutate } = useSWR<XCredentialsStatus, Error>('/api/x/auth/credentials-check', { revalidateOnFocus: false });
  if (isLoading) return <p className="text-sm text-muted-foreground">Checking X API credentials...</p>;
  if (error || !data) {
    return (
      <div role="alert" className="grid gap-2">
        <p className="text-sm">Failed to check X API credentials. Please try again.</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void mutate()}>
            Retry
          </Button>
        </div>
      </div>
    );
  }
  const state = STATE_TEXT[data.status];
  return (
    <div className="grid gap-3 rounded-md border p-4" data-testid="x-api-status" data-status={data.status}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="font-medium">X API Status</h4>
        <Badge variant={state.tone}>{state.label}</Badge>
        {data.sandbox && <Badge variant="outline">Sandbox X</Badge>}
      </div>
      <p className="text-sm">{data.message}</p>
      {data.error && <p className="text-sm text-destructive">{data.error}</p>}
      {data.bearerError && <p className="text-sm text-destructive">Bearer token: {data.bearerError}</p>}
      {data.possibleSolution && <p className="text-sm text-muted-foreground">{data.possibleSolution}</p>}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <dt>API key</dt>
        <dd>{yes(data.credentials.apiKey)}</dd>
        <dt>API secret</dt>
        <dd>{yes(data.credentials.apiSecret)}</dd>
        <dt>Bearer token</dt>
        <dd>{yes(data.credentials.bearerToken)}</dd>
        <dt>Sign-in link</dt>
        <dd>{data.tests.generateAuthLink ? 'works' : 'fails'}</dd>
        <dt>App-only access</dt>
        <dd>{data.tests.bearerTokenAccess ? 'works' : 'fails'}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void mutate()}>
          Check again
        </Button>
        <Button asChild variant="link" size="sm">
          <a href="https://developer.x.com/en/portal/dashboard" target="_blank" rel="noreferrer">
            X developer portal
          </a>
        </Button>
      </div>
    </div>
  );
}

export function XApiSection({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Section id="x-api" title="Twitter API configuration" description="Riposte posts through X's API with the X accounts you connect.">
      <p className="text-sm">
        Connect and reconnect your X accounts on{' '}
        <Link href="/connected-accounts" className="text-primary underline">
          My X Accounts
        </Link>
        . The app's own X API credentials are set by the administrator on the server.
      </p>
      {isAdmin ? <StatusCard /> : <p className="text-sm text-muted-foreground" data-testid="x-api-notice">X API status details are for administrators.</p>}
    </Section>
  );
}
