// "Reply when @x posts": every composer can make an auto schedule (a reply to each new post of
// the target, a delay after it) with this one field group, and shows the server's estimate of how
// soon it fires (GET /api/accounts/:id/auto-estimate, core/watching/estimate.ts: the watcher's own
// rule for the account's tier and the period now), or that the account is paused and nothing fires.
import useSWR from 'swr';
import { Zap } from 'lucide-react';
import { AUTO_DELAY_MAX_MINUTES } from '@core/scheduling/messages';
import type { AutoReplyEstimate } from '@core/watching/estimate';
import { FieldError, invalidProps } from '@web/components/field';
import { Input } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/utils';

/** The choice a composer keeps: off (a timed reply) or on with its delay in minutes. */
export type AutoChoice = { on: boolean; delayMinutes: number };

export const AUTO_OFF: AutoChoice = { on: false, delayMinutes: 0 };

/** The fields every schedule call takes for it (nothing for a timed reply). */
export const autoFields = (choice: AutoChoice) => (choice.on ? { scheduleType: 'auto' as const, delayMinutes: choice.delayMinutes } : {});

const validDelay = (n: number) => Number.isInteger(n) && n >= 0 && n <= AUTO_DELAY_MAX_MINUTES;

/** The server's estimate for this target and delay; none until both are known. */
export function useAutoEstimate(targetId: string | null, delayMinutes: number) {
  const key = targetId && validDelay(delayMinutes) ? `/api/accounts/${encodeURIComponent(targetId)}/auto-estimate?delayMinutes=${delayMinutes}` : null;
  return useSWR<AutoReplyEstimate, Error>(key, { keepPreviousData: true });
}

/** The estimate in words; a paused account is said as a warning. */
export function AutoEstimate({ targetId, delayMinutes, testId, className }: { targetId: string | null; delayMinutes: number; testId: string; className?: string }) {
  const { data, error } = useAutoEstimate(targetId, delayMinutes);
  if (targetId === null) return <p className={cn('text-xs text-muted-foreground', className)} data-testid={testId}>Choose the account to answer to see how soon it fires.</p>;
  if (error) return <p className={cn('text-xs text-muted-foreground', className)} data-testid={testId}>How soon it fires could not be read: {error.message}</p>;
  if (data === undefined) return null;
  const paused = data.kind === 'paused';
  return (
    <p className={cn('text-xs', paused ? 'font-medium text-destructive' : 'text-muted-foreground', className)} data-testid={testId} data-paused={paused ? 'true' : undefined} role={paused ? 'alert' : undefined}>
      {data.words}
    </p>
  );
}

export function AutoReplyField({
  id,
  choice,
  onChange,
  targetId,
  targetUsername,
  disabled,
  error,
}: {
  id: string;
  choice: AutoChoice;
  onChange: (choice: AutoChoice) => void;
  /** The target chosen, or null (Bulk's global settings: each row says its own). */
  targetId: string | null;
  targetUsername: string | null;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const delayId = `${id}-delay`;
  const who = targetUsername ? `@${targetUsername}` : 'the account';
  return (
    <div className="grid gap-3 rounded-lg border p-4" data-testid={id}>
      <label className="flex items-center justify-between gap-3" htmlFor={id}>
        <span className="grid">
          <span className="flex items-center gap-1.5 text-sm font-medium">
            <Zap className="size-4 text-amber-500" />
            Auto: when {who} posts
          </span>
          <span className="text-xs text-muted-foreground">Each new post of {who} is answered, after your delay. No time to pick.</span>
        </span>
        <Switch id={id} checked={choice.on} onCheckedChange={(on) => onChange({ ...choice, on })} disabled={disabled} />
      </label>
      {choice.on && (
        <>
          <label className="flex items-center gap-2 text-sm" htmlFor={delayId}>
            <span className="shrink-0 text-muted-foreground">Wait</span>
            <Input
              id={delayId}
              type="number"
              inputMode="numeric"
              min={0}
              max={AUTO_DELAY_MAX_MINUTES}
              value={choice.delayMinutes}
              onChange={(e) => {
                const n = Number.parseInt(e.target.value, 10);
                onChange({ ...choice, delayMinutes: Number.isFinite(n) ? n : 0 });
              }}
              disabled={disabled}
              className="w-24"
              {...invalidProps(delayId, error)}
            />
            <span className="text-muted-foreground">min after the post</span>
          </label>
          <FieldError id={delayId} error={error} />
          <AutoEstimate targetId={targetId} delayMinutes={choice.delayMinutes} testId={`${id}-estimate`} />
        </>
      )}
    </div>
  );
}

/** The toast's words once an auto reply is scheduled. */
export const autoScheduledWords = (username: string, delayMinutes: number): string =>
  `Your reply goes out each time @${username} posts${delayMinutes > 0 ? `, ${delayMinutes} min after the post` : ''}`;
