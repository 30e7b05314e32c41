// How the Scheduler Test reports what a call did (spec part 2 §8): a refusal about X's credentials
// is the red 'X Authentication Failed' toast (8 s) and raises the banner; any other refusal is the
// call's own failure message. A reply that came back failed on authentication raises the banner too.
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { isReplyItem, type ReplyAnswer } from '@web/features/replies';
import { isAuthFailure } from './api/admin-tests';
import { AUTH_TOAST_MS, TEST_MESSAGES as M } from './messages';

/** The failed request's connected account (the one whose token may be refreshed) and X's words. */
export type AuthTrouble = {
  accountId?: string;
  detail: string | null;
  /** The listed replies that failed on authentication, when the warning comes from the list. */
  replyIds?: readonly string[];
};

export function reportFailure(err: unknown, title: string, accountId: string | undefined, raise: (trouble: AuthTrouble) => void): void {
  if (isAuthFailure(err)) {
    const detail = errorMessage(err, M.authFailedDescription);
    toast({ title: M.authFailedTitle, description: detail, variant: 'destructive', duration: AUTH_TOAST_MS });
    raise({ accountId, detail });
    return;
  }
  toast({ title, description: errorMessage(err, title), variant: 'destructive' });
}

export function reportReply(reply: ReplyAnswer, done: string, raise: (trouble: AuthTrouble) => void): void {
  if (!isReplyItem(reply)) {
    toast({ title: done, description: 'Recorded; Recent Replies shows how it ends.' });
    return;
  }
  if (reply.badge.authFailed) {
    toast({ title: M.authFailedTitle, description: reply.reason, variant: 'destructive', duration: AUTH_TOAST_MS });
    raise({ accountId: reply.connectedAccountId, detail: reply.reason, replyIds: [reply.id] });
    return;
  }
  toast({ title: done, description: `${reply.badge.label}: ${reply.reason}`, variant: reply.badge.group === 'failure' ? 'destructive' : undefined });
}
