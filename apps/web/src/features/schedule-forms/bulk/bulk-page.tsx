// Bulk Replies (spec part 2 §2, §5, §8): global settings, the table of entries, Add Reply
// (disabled while data loads), Schedule All Replies (disabled with no entries) with its
// confirmation. The table is checked with the shared schema and the duplicate rule before it is
// sent, and sent as one batch that the server creates all or none of. A trial (or expired) user is
// told up front, before any row is built, that the server refuses batches on the trial and how many
// trial replies are left, with a link to schedule them one at a time; Add Reply stays off for them.
// Each row previews what it will post (ADR 0042); the confirmation names the rows X would cut.
import { useAiConnected } from '@web/components/ai-provider-note';
import { useEffect, useRef, useState } from 'react';
import { AtSign, Crown, Layers, Plus, Send, TriangleAlert } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { firstAvailableTarget } from '@core/scheduling/duplicates';
import { SCHEDULING_ACCESS_MESSAGES } from '@core/scheduling/access';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth';
import { PageHeader } from '@web/components/page-header';
import { limitFor, overLimit, useTargetAccounts, useXAccounts, scheduleBulkBatch } from '@web/features/schedules';
import { localDayKey, useUserZone } from '@web/lib/time-format';
import { addRow, bulkState, clearRows, setGlobal, type BulkRow, type GlobalSettings as GlobalSettingsValues } from './bulk-store';
import { checkRows, payloadsOf, type RowErrors } from './bulk-validation';
import { EntriesView } from './entries-view';
import { GlobalSettings } from './global-settings';
import { rowControls } from './row-controls';
import { useMediaQuery } from '@web/hooks/use-media-query';

const NOTICE_MS = 5000;

/** What the trial allows here, in the server's terms (requireMaySchedule refuses a batch on the trial). */
export const trialLimitText = (tier: string, repliesRemaining: number): string =>
  tier === 'expired'
    ? SCHEDULING_ACCESS_MESSAGES.trialOver
    : `You have ${repliesRemaining} trial ${repliesRemaining === 1 ? 'reply' : 'replies'} left. Bulk scheduling is a Premium feature: a batch cannot be scheduled on the trial, so schedule your trial replies one at a time.`;

/** 'entries.3.accountId' from the server -> row 3's accountId. */
const serverRowError = (field: string | undefined, message: string, rows: readonly BulkRow[]): Map<string, RowErrors> => {
  const m = /^entries\.(\d+)\.?([A-Za-z]*)/.exec(field ?? '');
  const row = m ? rows[Number(m[1])] : undefined;
  return row ? new Map([[row.id, { [m?.[2] || 'accountId']: message } as RowErrors]]) : new Map();
};

export default function BulkRepliesPage() {
  const zone = useUserZone();
  const { user } = useAuth();
  const targets = useTargetAccounts();
  const x = useXAccounts();
  const snap = useSnapshot(bulkState);
  const rows = snap.rows as readonly BulkRow[];
  const wide = useMediaQuery('(min-width: 1024px)');
  const [errors, setErrors] = useState<Map<string, RowErrors>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [mentionNoticeAt, setMentionNoticeAt] = useState<number | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const today = localDayKey(new Date(), zone);
  const tomorrow = localDayKey(new Date(Date.now() + 86_400_000), zone);
  const loading = targets.isLoading || x.isLoading;
  const premiumOnly = user?.tier === 'trial' || user?.tier === 'expired';

  // AI starts on only where a model is connected (without one the offline writer is opt-in).
  const aiConnected = useAiConnected();
  useEffect(() => {
    if (aiConnected && bulkState.rows.length === 0) setGlobal({ useAI: true });
  }, [aiConnected]);

  // Global defaults once the data is in: the first connected account, tomorrow's date.
  useEffect(() => {
    if (!bulkState.global.scheduledDate) setGlobal({ scheduledDate: tomorrow });
    const first = x.accounts[0];
    if (!bulkState.global.connectedAccountId && first) setGlobal({ connectedAccountId: first.id });
  }, [x.accounts, tomorrow]);

  useEffect(() => {
    if (targets.error) toast({ title: 'Error loading accounts', description: 'Please try again.', variant: 'destructive' });
  }, [targets.error]);
  useEffect(() => {
    if (x.error) toast({ title: 'Error loading connected accounts', description: 'Please try again.', variant: 'destructive' });
  }, [x.error]);
  useEffect(() => () => void (noticeTimer.current && clearTimeout(noticeTimer.current)), []);

  // Messages follow the table: an edit re-checks the rows that were marked.
  useEffect(() => {
    setErrors((previous) => (previous.size === 0 ? previous : checkRows(rows)));
  }, [rows]);

  const showMentionNotice = () => {
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
    setMentionNoticeAt(Date.now());
    noticeTimer.current = setTimeout(() => setMentionNoticeAt(null), NOTICE_MS);
  };

  const add = () => {
    const target = firstAvailableTarget(
      targets.accounts.map((t) => t.id),
      rows,
    );
    if (target === null) {
      toast({ title: M.noAvailableTargets, description: 'Every target account already has a reply in this batch.', variant: 'destructive' });
      return;
    }
    addRow(target);
  };

  const review = () => {
    const found = checkRows(rows);
    setErrors(found);
    if (found.size === 0) return setConfirming(true);
    const duplicate = [...found.values()].some((e) => e.accountId === M.duplicateTarget);
    toast({
      title: duplicate ? M.duplicateTarget : 'Error',
      description: duplicate ? 'A target account is used twice in the same time frame. Change its slot, date or target.' : 'Some replies need attention.',
      variant: 'destructive',
    });
  };

  async function send() {
    setSending(true);
    try {
      await scheduleBulkBatch(payloadsOf(rows));
      setConfirming(false);
      clearRows();
      setErrors(new Map());
    } catch (err) {
      setConfirming(false);
      if (err instanceof ApiError) setErrors(serverRowError(err.field, err.message, rows));
    } finally {
      setSending(false);
    }
  }

  // Rows whose own text X would cut from their posting account (with AI, the text only guides the reply).
  const tooLong = rows.flatMap((r, i) => {
    const account = x.accounts.find((a) => a.id === r.connectedAccountId) ?? null;
    return !r.useAI && overLimit(r.customReplyText, account) ? [{ n: i + 1, account, max: limitFor(account) }] : [];
  });

  const controls = (row: BulkRow, index: number) =>
    rowControls({
      row,
      index,
      errors: errors.get(row.id),
      targets: targets.accounts,
      xAccounts: x.accounts,
      today,
      disabled: sending,
      onMentionsStripped: showMentionNotice,
    });

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Bulk Replies" description="Plan many replies at once and schedule them together." />

      {premiumOnly && user && (
        <Alert variant="warning" data-testid="bulk-premium">
          <Crown />
          <AlertTitle>Premium feature</AlertTitle>
          <AlertDescription>
            <p>{trialLimitText(user.tier, user.repliesRemaining)}</p>
            <p>
              {user.tier === 'trial' && (
                <>
                  <Link href="/schedule-replies" className="font-medium underline underline-offset-4">
                    Schedule a reply
                  </Link>
                  {' · '}
                </>
              )}
              <Link href="/payment" className="font-medium underline underline-offset-4">
                Go Premium
              </Link>
            </p>
          </AlertDescription>
        </Alert>
      )}
      {mentionNoticeAt !== null && (
        <Alert variant="warning" data-testid="bulk-mentions">
          <AtSign />
          <AlertTitle>@mentions removed</AlertTitle>
          <AlertDescription>{M.mentionsNotAllowed}</AlertDescription>
        </Alert>
      )}

      <GlobalSettings settings={snap.global as GlobalSettingsValues} xAccounts={x.accounts} today={today} rowCount={rows.length} disabled={sending} />

      <Card>
        <CardHeader>
          <CardTitle>Replies ({rows.length})</CardTitle>
          <CardDescription>One row per reply. A target can be used once per time frame.</CardDescription>
          <CardAction>
            {/* Off on the trial: the notice above says why, before a batch is built that could not be sent. */}
            <Button onClick={add} disabled={loading || sending || premiumOnly}>
              <Plus />
              Add Reply
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent className="grid gap-4">
          {rows.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-lg border border-dashed py-10 text-center text-muted-foreground">
              <Layers className="size-8" />
              <p>{premiumOnly ? 'Bulk scheduling comes with Premium; on the trial, schedule replies one at a time.' : 'No replies yet. Add one to start your batch.'}</p>
            </div>
          ) : (
            <EntriesView rows={rows} controls={controls} errors={errors} wide={wide} />
          )}
          <Button size="lg" className="w-full sm:w-auto sm:justify-self-end" onClick={review} disabled={rows.length === 0 || sending || premiumOnly}>
            <Send />
            Schedule All Replies
          </Button>
        </CardContent>
      </Card>

      <AlertDialog open={confirming} onOpenChange={(open) => !sending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Schedule all replies?</AlertDialogTitle>
            <AlertDialogDescription>
              {rows.length} {rows.length === 1 ? 'reply' : 'replies'} will be scheduled. Either all of them are scheduled, or none if one is refused.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {tooLong.length > 0 && (
            <Alert variant="warning" data-testid="bulk-too-long">
              <TriangleAlert />
              <AlertTitle>Longer than X allows</AlertTitle>
              <AlertDescription>
                <ul>
                  {tooLong.map((t) => (
                    <li key={t.n}>
                      Reply {t.n}: X allows {t.max.toLocaleString('en-US')} characters{t.account ? ` from @${t.account.username}` : ''}; it will be cut at a sentence or word.
                    </li>
                  ))}
                </ul>
                <p>Cancel to shorten {tooLong.length === 1 ? 'it' : 'them'}.</p>
              </AlertDescription>
            </Alert>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={sending}>Cancel</AlertDialogCancel>
            <Button onClick={() => void send()} disabled={sending}>
              {sending && <Spinner />}
              {sending ? 'Scheduling...' : 'Schedule All'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
