// The one presentation of what happened to a schedule's runs (core/scheduling/run-state.ts), used
// by the Schedules table and cards, a schedule's page, V2's list, the calendar's chips and the
// dashboard: the latest run's outcome (badge, reason in plain words, link to the reply or to X's
// composer) and the next run, or 'Late: the scheduler has not run it yet'.
import type { ReactNode } from 'react';
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { runState, type RunFacts, type RunOutcomeView, type RunStateView } from '@core/scheduling/run-state';
import type { BadgeVariant } from '@core/replies/views';
import { Badge } from '@web/components/ui/badge';
import { formatDateTime } from '@web/lib/time-format';
import { cn } from '@web/lib/utils';

const BADGE: Record<BadgeVariant, 'success' | 'outline' | 'destructive' | 'secondary' | 'warning'> = {
  success: 'success',
  pending: 'outline',
  destructive: 'destructive',
  auth_failed: 'destructive',
  neutral: 'secondary',
  attention: 'warning',
};

/** The state now; re-read on each render (pages re-render on their polls). */
export const runStateNow = (facts: RunFacts): RunStateView => runState(facts, Date.now());

export function RunOutcome({ outcome, zone, compact = false }: { outcome: RunOutcomeView; zone: string; compact?: boolean }) {
  return (
    <span className="grid gap-0.5" data-testid="run-outcome" data-label={outcome.label}>
      <span className="flex flex-wrap items-center gap-1.5">
        <Badge variant={BADGE[outcome.variant]}>{outcome.label}</Badge>
        {!compact && outcome.at && <span className="text-xs text-muted-foreground tabular-nums">{formatDateTime(outcome.at, zone)}</span>}
        {outcome.link && (
          <a href={outcome.link.href} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline">
            {outcome.link.text}
            <ExternalLink className="size-3" aria-hidden />
          </a>
        )}
      </span>
      {outcome.reason && <span className={cn('text-xs text-muted-foreground', compact && 'line-clamp-2')}>{outcome.reason}</span>}
    </span>
  );
}

/** 'Late: the scheduler has not run it yet' with the time it was due. */
export function LateNotice({ dueAt, text, zone }: { dueAt: string; text: string; zone: string }) {
  return (
    <span role="status" className="inline-flex items-start gap-1 text-xs font-medium text-amber-700" data-testid="run-late">
      <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>
        {text} (due {formatDateTime(dueAt, zone)})
      </span>
    </span>
  );
}

/**
 * The whole state: the latest outcome, then the next run. `upcoming` renders the page's own words
 * for a run still to come (a time, a delivery hint), so each page keeps the spec's texts.
 */
export function RunState({
  facts,
  zone,
  compact = false,
  upcoming,
}: {
  facts: RunFacts;
  zone: string;
  compact?: boolean;
  upcoming?: (at: string) => ReactNode;
}) {
  const state = runStateNow(facts);
  return (
    <span className="grid gap-1" data-testid="run-state">
      {state.last && <RunOutcome outcome={state.last} zone={zone} compact={compact} />}
      {state.next.kind === 'late' && <LateNotice dueAt={state.next.dueAt} text={state.next.text} zone={zone} />}
      {state.next.kind === 'upcoming' && upcoming?.(state.next.at)}
      {state.next.kind === 'waiting' && !compact && <span className="text-xs text-muted-foreground">{state.next.text}</span>}
    </span>
  );
}
