// The one presentation of what happened to a schedule's runs (core/scheduling/run-state.ts), used
// by the Schedules table and cards, a schedule's page, V2's list, the calendar's chips and the
// dashboard: the latest run's outcome (badge, reason in plain words, link to the reply or to X's
// composer) and the next run, or 'Late: the scheduler has not run it yet'.
import type { ReactNode } from 'react';
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { runState, type RunFacts, type RunOutcomeView, type RunStateView } from '@core/scheduling/run-state';
import { badgeStyle } from '@web/components/badge-style';
import { Badge } from '@web/components/ui/badge';
import { useXName } from '@web/hooks/use-x-name';
import { useNow } from '@web/hooks/use-now';
import { postTimeWords } from '@core/replies/rules/earliness';
import { formatDateTime } from '@web/lib/time-format';
import { cn } from '@web/lib/utils';

/**
 * The state at `now` (a page's one useNow, so a row's 'Was due' and its state agree), with the
 * links naming X as the app does (useXName).
 */
export function useRunState(facts: RunFacts, now: Date): RunStateView {
  return runState(facts, now.getTime(), useXName());
}

/** `status` picks the badge's icon where the variant's is not enough (the dashboard's items carry none). */
export function RunOutcome({ outcome, zone, compact = false }: { outcome: Omit<RunOutcomeView, 'status' | 'post'> & { status?: string; post?: RunOutcomeView['post'] }; zone: string; compact?: boolean }) {
  const { variant, icon: Icon } = badgeStyle(outcome.variant, outcome.status ?? '');
  const now = useNow();
  // The post's age while the reply waits, how soon after the post it went out once sent.
  const postWords = outcome.post === undefined ? null : postTimeWords(outcome.post, now.getTime());
  return (
    <span className="grid gap-0.5" data-testid="run-outcome" data-label={outcome.label}>
      <span className="flex flex-wrap items-center gap-1.5">
        <Badge variant={variant}>
          <Icon aria-hidden="true" />
          {outcome.label}
        </Badge>
        {!compact && outcome.at && <span className="text-xs text-muted-foreground tabular-nums">{formatDateTime(outcome.at, zone)}</span>}
        {postWords !== null && <span className="text-xs text-muted-foreground" data-testid="run-post-age">{postWords}</span>}
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
  now,
  compact = false,
  upcoming,
}: {
  facts: RunFacts;
  zone: string;
  /** The page's or row's clock (useNow), shared with anything else it shows about lateness. */
  now: Date;
  compact?: boolean;
  upcoming?: (at: string) => ReactNode;
}) {
  const state = useRunState(facts, now);
  return (
    <span className="grid gap-1" data-testid="run-state">
      {state.last && <RunOutcome outcome={state.last} zone={zone} compact={compact} />}
      {state.next.kind === 'late' && <LateNotice dueAt={state.next.dueAt} text={state.next.text} zone={zone} />}
      {state.next.kind === 'upcoming' && upcoming?.(state.next.at)}
      {state.next.kind === 'waiting' && !compact && (
        <span className="text-xs text-muted-foreground" data-testid="run-waiting">
          {state.next.text}
          {state.next.until !== undefined && ` (until ${formatDateTime(state.next.until, zone)})`}
        </span>
      )}
    </span>
  );
}
