// The reply-limit note beside a reply form's submit button (spec part 2 §6): non-admins are told
// what a reply counts against; admins are exempt. The words are core's (users/reply-limit-note).
import { useAuth } from '@web/lib/auth';
import { replyLimitNote } from '@web/lib/user-model';

export function ReplyLimitNote() {
  const { user } = useAuth();
  const note = user ? replyLimitNote(user.role, user.tier, user.repliesRemaining) : null;
  if (note === null) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="reply-limit-note">
      {note}
    </p>
  );
}
