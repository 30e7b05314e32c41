// The counter under a reply field: X's own count (core/text/weighted: a URL counts 23, an emoji 2)
// against the limit of the account that will post: 280, or 25,000 when that connected X account is
// on X Premium. Past the limit it says what happens before anything is scheduled: the reply is cut
// at a sentence or word when it goes out (core/replies finalText). Without a chosen account it
// counts against 280, X's limit for most accounts.
import { weightedLength, X_PREMIUM_MAX, X_STANDARD_MAX } from '@core/text/weighted';
import { cn } from '@web/lib/utils';
import type { ConnectedAccount } from '@web/features/connected-accounts';

type Props = { text: string; account?: Pick<ConnectedAccount, 'username' | 'xPremium'> | null; testId?: string };

export const limitFor = (account: Props['account']): number => (account?.xPremium ? X_PREMIUM_MAX : X_STANDARD_MAX);

/** Whether X would take more than this text from that account (it is then cut when it goes out). */
export const overLimit = (text: string, account: Props['account']): boolean => weightedLength(text) > limitFor(account);

export function ContentCounter({ text, account = null, testId = 'content-counter' }: Props) {
  const n = weightedLength(text);
  const max = limitFor(account);
  const over = n > max;
  return (
    <div className="grid shrink-0 justify-items-end gap-0.5 text-right" data-testid={testId}>
      <p className={cn('text-xs tabular-nums text-muted-foreground', over && 'font-medium text-destructive')} aria-live="polite">
        {n.toLocaleString('en-US')}/{max.toLocaleString('en-US')} characters
      </p>
      {over && (
        <p className="max-w-72 text-xs text-destructive" role="status">
          {account
            ? `X allows ${max.toLocaleString('en-US')} characters from @${account.username}: the reply will be cut at a sentence or word.`
            : `X allows ${max.toLocaleString('en-US')} characters for most accounts (25,000 with X Premium): a longer reply is cut at a sentence or word.`}
        </p>
      )}
    </div>
  );
}
