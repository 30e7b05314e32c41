// Reply History (/history and /reply-history; spec part 2 §2, §4, §8, §9): every reply of the user,
// newest first, searchable (text, accounts, status) and paginated. A new search goes back to page 1;
// the X-authentication warning shows when a listed reply failed on its account's credentials.
import { useEffect, useReducer, useState } from 'react';
import { Inbox, Search, Send } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUserZone } from '@web/lib/time-format';
import { useAuth } from '@web/lib/auth';
import { TrialExpiredNotice } from '@web/components/trial-expired-notice';
import { useReplyHistory, useReplySummary, waitingCount } from '@web/features/replies/api/replies';
import { READY_PATH } from '@web/features/replies/paths';
import { AuthWarningBanner } from '@web/features/replies/components/auth-warning';
import { REPLY_TEXTS } from '@web/features/replies/messages';
import { MAX_SEARCH_LENGTH, historyReducer, initialHistoryState, rangeLabel } from './history-state';
import { Pagination } from './pagination';
import { ReplyList } from './reply-list';

/** Typing settles for this long before the search is sent (Enter sends it at once). */
const SEARCH_SETTLE_MS = 300;

function ReadyNotice() {
  const { data } = useReplySummary();
  const waiting = waitingCount(data);
  if (waiting === 0) return null;
  return (
    <Alert variant="info" data-testid="ready-notice">
      <Send />
      <AlertTitle>{waiting === 1 ? '1 reply waits for you' : `${waiting} replies wait for you`}</AlertTitle>
      <AlertDescription>
        <p>
          X lets you post {waiting === 1 ? 'it' : 'them'} from its own composer.{' '}
          <Link href={READY_PATH} className="font-medium underline underline-offset-4">
            Open Ready to send
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

export default function HistoryPage() {
  const zone = useUserZone();
  const [state, dispatch] = useReducer(historyReducer, initialHistoryState);
  const [typed, setTyped] = useState('');
  const { data, error, isLoading, mutate } = useReplyHistory(state);

  useEffect(() => {
    const timer = setTimeout(() => dispatch({ type: 'search', search: typed }), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    if (data) dispatch({ type: 'total', total: data.total });
  }, [data]);

  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const trialOver = useAuth().user?.tier === 'expired';

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Reply History" description="Every reply Riposte sent or prepared for you, newest first." />
      {trialOver && <TrialExpiredNotice message="Your free trial has expired, so no more replies are sent. Your reply history stays here to view." />}
      <ReadyNotice />
      <AuthWarningBanner replies={items} />
      <Card>
        <CardContent className="grid gap-4">
          <form
            role="search"
            className="relative"
            onSubmit={(e) => {
              e.preventDefault();
              dispatch({ type: 'search', search: typed });
            }}
          >
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              type="search"
              aria-label="Search replies"
              placeholder="Search by text, account or status"
              className="pl-9"
              maxLength={MAX_SEARCH_LENGTH}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </form>
          {error ? (
            <div role="alert" className="grid justify-items-center gap-2 py-8 text-center" data-testid="history-error">
              <p className="font-medium text-destructive">{REPLY_TEXTS.loadFailed(error.message)}</p>
              <Button variant="outline" size="sm" onClick={() => void mutate()}>
                Retry
              </Button>
            </div>
          ) : isLoading && !data ? (
            <div className="grid gap-3" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : items.length === 0 ? (
            <div className="grid justify-items-center gap-2 py-12 text-center" data-testid="history-empty">
              <Inbox className="size-8 text-muted-foreground" />
              <p className="font-medium">{REPLY_TEXTS.empty}</p>
              {state.search === '' && <p className="text-sm text-muted-foreground">{REPLY_TEXTS.emptyHint}</p>}
            </div>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" data-testid="history-range">
                {rangeLabel(data?.page ?? state.page, state.limit, items.length, total)}
              </p>
              <ReplyList replies={items} zone={zone} />
            </>
          )}
          <Pagination
            page={state.page}
            limit={state.limit}
            total={total}
            onPage={(page) => dispatch({ type: 'page', page })}
            onLimit={(limit) => dispatch({ type: 'limit', limit })}
          />
        </CardContent>
      </Card>
    </div>
  );
}
