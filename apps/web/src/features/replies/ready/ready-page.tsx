// Ready to send (/ready-to-send): the replies X will not take from Riposte's API (assisted delivery,
// design.md) wait here, worth most first (core/replies/rules/ready-order). One click opens X's composer pre-filled; the user presses
// Post there, and Riposte notices, or the user marks it sent or skips it. Unconfirmed replies
// (X never said whether a post went out) are resolved here too.
import { useEffect, type ReactNode } from 'react';
import { CircleHelp, Inbox, Send } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '@web/components/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useNow } from '@web/hooks/use-now';
import { useUserZone } from '@web/lib/time-format';
import { useReadyReplies, useReplySummary, useUnconfirmedReplies, type ReplyItem } from '@web/features/replies/api/replies';
import { REPLY_TEXTS } from '@web/features/replies/messages';
import { NextInX } from './next-in-x';
import { ReadyCard } from './ready-card';

type ListAnswer = { data: { items: ReplyItem[]; total: number } | undefined; error: Error | undefined; isLoading: boolean; mutate: () => unknown };

function Section({ title, icon, description, list, empty, testId, lead }: { title: string; icon: ReactNode; description: string; list: ListAnswer; empty: ReactNode; testId: string; lead?: ReactNode }) {
  const zone = useUserZone();
  const now = useNow(30_000).getTime();
  const items = list.data?.items ?? [];
  return (
    <section className="grid gap-3" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className="grid gap-1">
        <h2 id={`${testId}-title`} className="flex items-center gap-2 text-lg font-semibold">
          {icon}
          {title}
          {list.data && (
            <Badge variant="secondary" data-testid={`${testId}-count`}>
              {list.data.total}
            </Badge>
          )}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {lead}
      {list.error ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-sm text-destructive">{REPLY_TEXTS.loadFailed(list.error.message)}</p>
          <Button variant="outline" size="sm" onClick={() => void list.mutate()}>
            Retry
          </Button>
        </div>
      ) : list.isLoading && !list.data ? (
        <Skeleton className="h-32 w-full" />
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className="grid gap-3">
          {items.map((r) => (
            <ReadyCard key={r.id} reply={r} zone={zone} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ReadyPage() {
  const ready = useReadyReplies();
  const unconfirmed = useUnconfirmedReplies();
  // The count in the sidebar follows the lists on this page: when they disagree (a reply was
  // detected as posted, another came due), the count is read again rather than at its next turn.
  const summary = useReplySummary();
  const readyTotal = ready.data?.total;
  const unconfirmedTotal = unconfirmed.data?.total;
  const { data: counts, mutate: recount } = summary;
  useEffect(() => {
    if (counts === undefined || readyTotal === undefined || unconfirmedTotal === undefined) return;
    if (counts.ready !== readyTotal || counts.unconfirmed !== unconfirmedTotal) void recount();
  }, [counts, readyTotal, unconfirmedTotal, recount]);
  const hasUnconfirmed = (unconfirmed.data?.total ?? 0) > 0 || unconfirmed.error !== undefined;
  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader
        title="Ready to send"
        description="X only takes replies from apps where the author mentioned or quoted your account. These replies are prepared for you: open each one in X, press Post, and Riposte records it."
        actions={
          <Button asChild variant="outline">
            <Link href="/reply-history">Reply History</Link>
          </Button>
        }
      />
      <Section
        testId="ready-queue"
        title="Ready"
        icon={<Send className="size-5 text-primary" aria-hidden="true" />}
        description="Worth most first: the accounts with the widest reach, then the freshest posts. Each expires when its post is too old to answer."
        list={ready}
        lead={ready.data ? <NextInX items={ready.data.items} /> : null}
        empty={
          <div className="grid justify-items-center gap-2 rounded-lg border border-dashed py-10 text-center" data-testid="ready-empty">
            <Inbox className="size-8 text-muted-foreground" />
            <p className="font-medium">Nothing to send right now</p>
            <p className="max-w-sm text-sm text-muted-foreground">Replies appear here when a schedule runs and X needs you to post the reply yourself.</p>
          </div>
        }
      />
      {hasUnconfirmed && (
        <Section
          testId="unconfirmed-queue"
          title="Unconfirmed"
          icon={<CircleHelp className="size-5 text-amber-600" aria-hidden="true" />}
          description="X did not confirm these posts and Riposte could not find them. Look on X: if the reply is there, mark it as sent; if not, skip it."
          list={unconfirmed}
          empty={null}
        />
      )}
    </div>
  );
}
