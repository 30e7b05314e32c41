// How early: the time from the target post to the user's reply on X over the last 30 days, per
// delivery mode (sent by Riposte through the API, or posted by the user from the ready queue).
import { Timer } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { MetricsOverview } from '@web/features/dashboard/api/dashboard-queries';

const percent = (share: number) => `${Math.round(share * 100)}%`;

const MODES: { mode: keyof MetricsOverview['earliness']; label: string }[] = [
  { mode: 'direct', label: 'Sent by Riposte' },
  { mode: 'assisted', label: 'Posted by you from the queue' },
];

export function EarlinessCard({ metrics }: { metrics: MetricsOverview | undefined }) {
  if (!metrics) return null;
  const rows = MODES.map(({ mode, label }) => ({ mode, label, e: metrics.earliness[mode] })).filter((r) => r.e.measured > 0);
  return (
    <Card data-testid="earliness-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Timer className="size-5 text-indigo-600" aria-hidden />
          How early
        </CardTitle>
        <CardDescription>Time from the post to your reply on X, last 30 days. Replies in a post’s first minutes are read the most.</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No reply has gone out yet in the last 30 days.</p>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            {rows.map(({ mode, label, e }) => (
              <div key={mode} className="grid gap-1" data-testid={`earliness-${mode}`}>
                <dt className="text-sm font-medium">{label}</dt>
                <dd className="text-sm text-muted-foreground">
                  <span className="text-2xl font-semibold tabular-nums text-foreground">{e.medianMinutes} min</span> median after the post
                  <br />
                  {percent(e.within5)} within 5 min · {percent(e.within15)} within 15 min · {e.measured} {e.measured === 1 ? 'reply' : 'replies'}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
