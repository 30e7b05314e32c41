// The reply-limit note beside a reply form's submit button (spec part 2 §6): non-admins are told
// what a reply counts against; admins are exempt. The words are core's (users/reply-limit-note,
// users/quota): the trial counts replies on X, and the form warns before scheduling past it.
import { TriangleAlert } from 'lucide-react';
import { useTrialStatus } from '@web/lib/trial-status';
import { useAuth } from '@web/lib/auth';
import { beyondAllowance, beyondAllowanceWarning, replyLimitNote, trialStateOf } from '@web/lib/user-model';

/** `count`: how many replies the form's submit schedules (a batch: its rows). */
export function ReplyLimitNote({ count = 1 }: { count?: number }) {
  const { user } = useAuth();
  const { data: trial } = useTrialStatus();
  if (!user) return null;
  const state = trial?.trialState ?? trialStateOf(user);
  const left = state === 'open' ? (trial?.repliesRemaining ?? user.repliesRemaining) : 0;
  const summary = trial?.summary ?? `${trial?.repliesPrepared ?? 0} prepared, ${25 - user.repliesRemaining} posted, ${left} left`;
  const note = replyLimitNote(user.role, state, summary);
  if (note === null) return null;
  const beyond = beyondAllowance({ state, left }, trial?.repliesAhead ?? trial?.repliesPrepared ?? 0, count);
  const warning = beyondAllowanceWarning(beyond, count);
  return (
    <div className="grid gap-1">
      {warning !== null && (
        <p className="flex items-start gap-1.5 text-sm font-medium text-amber-700 dark:text-amber-400" data-testid="trial-warning" role="status">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> {warning}
        </p>
      )}
      <p className="text-xs text-muted-foreground" data-testid="reply-limit-note">
        {note}
      </p>
    </div>
  );
}
