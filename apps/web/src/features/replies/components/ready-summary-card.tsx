// The dashboard's way into the queue: how many replies wait for the user, a link to them, and
// X's composer for the one worth most.
import { ExternalLink, Send } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useReadyReplies, useReplySummary } from '@web/features/replies/api/replies';
import { useXName } from '@web/features/replies/components/x-links';
import { nextReady } from '@web/features/replies/ready/next-in-x';
import { READY_PATH } from '@web/features/replies/paths';

export function ReadySummaryCard() {
  const { data } = useReplySummary();
  const xName = useXName();
  const queue = useReadyReplies();
  const next = nextReady(queue.data?.items ?? []);
  if (!data) return null;
  const { ready, unconfirmed } = data;
  const parts = [ready > 0 && `${ready} ready to send`, unconfirmed > 0 && `${unconfirmed} unconfirmed`].filter(Boolean).join(' · ');
  return (
    <Card data-testid="ready-summary" className={ready + unconfirmed > 0 ? 'border-amber-300' : undefined}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Send className="size-5 text-primary" aria-hidden="true" />
          Ready to send
          <Badge variant={ready + unconfirmed > 0 ? 'warning' : 'secondary'} data-testid="ready-summary-count">
            {ready + unconfirmed}
          </Badge>
        </CardTitle>
        <CardDescription>{parts || 'No reply waits for you. Replies X needs you to post yourself show up here.'}</CardDescription>
        <CardAction className="flex flex-wrap justify-end gap-2">
          {next && (
            <Button asChild size="sm">
              <a href={next.intentUrl as string} target="_blank" rel="noopener noreferrer" data-testid="dashboard-open-next">
                <ExternalLink />
                Open next in {xName}
              </a>
            </Button>
          )}
          <Button asChild size="sm" variant={ready + unconfirmed > 0 && !next ? 'default' : 'outline'}>
            <Link href={READY_PATH}>Open queue</Link>
          </Button>
        </CardAction>
      </CardHeader>
    </Card>
  );
}
