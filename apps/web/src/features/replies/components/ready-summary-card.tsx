// The dashboard's way into the queue: how many replies wait for the user, and a link to them.
import { Send } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useReplySummary } from '@web/features/replies/api/replies';
import { READY_PATH } from '@web/features/replies/paths';

export function ReadySummaryCard() {
  const { data } = useReplySummary();
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
        <CardAction>
          <Button asChild size="sm" variant={ready + unconfirmed > 0 ? 'default' : 'outline'}>
            <Link href={READY_PATH}>Open queue</Link>
          </Button>
        </CardAction>
      </CardHeader>
    </Card>
  );
}
