// The calendar's compose panel (spec part 1 §2 Schedule Management, made real): write a reply,
// pick the target, your account and a date and time (an 'Add post' slot fills them in), and it
// creates a real schedule. The counter counts as X does against the posting account's limit.
// Every time goes through the classic call, as in Classic and V2: a peak window's next slot as that
// window, any other time as an exact time (`exactTime`), which every plan may use (ADR 0039).
import { useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Sparkles } from 'lucide-react';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { contentField } from '@core/scheduling/schemas';
import { SCHEDULING_ACCESS_MESSAGES } from '@core/scheduling/access';
import { deliveryHint, PEAK_WINDOW_DEFINITIONS, recommendedPeakWindow } from '@core/scheduling/time';
import { CLASSIC_STYLES, DEFAULT_CLASSIC_STYLE, type ClassicStyle } from '@core/styles';
import type { Tier } from '@core/users/tier';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import {
  type TargetAccount,
  type XAccount,
  createClassicSchedule,
  ContentCounter,
  MentionWarning,
  ReplyPreview,
  TargetCombobox,
  toastScheduled,
  XAccountSelect,
  PostRuleField,
  effectivePostChoice,
  postChoiceFields,
  AutoReplyField,
  AUTO_OFF,
  autoFields,
  autoScheduledWords,
  type AutoChoice,
} from '@web/features/schedules';
import { defaultChoiceFor, type PostChoice } from '@core/scheduling/post-rule';
import { ApiError } from '@web/lib/api';
import { StyleSelect } from '@web/components/style-select';
import { TrialExpiredNotice } from '@web/components/trial-expired-notice';
import { formatDateTime } from '@web/lib/time-format';
import { composePlan } from './compose-plan';

export type ComposeSlot = { date: string; time: string };

type Props = {
  slot: ComposeSlot;
  onSlot: (slot: ComposeSlot) => void;
  targets: TargetAccount[];
  xAccounts: XAccount[];
  zone: string;
  tier: Tier | undefined;
  today: string;
  ref?: Ref<HTMLDivElement>;
};

const contentSchema = contentField(M.contentRequired);

export function ComposePanel({ slot, onSlot, targets, xAccounts, zone, tier, today, ref }: Props) {
  const [targetId, setTargetId] = useState('');
  const [targetText, setTargetText] = useState('');
  const [connectedId, setConnectedId] = useState('');
  const [content, setContent] = useState('');
  const [useAI, setUseAI] = useState(false);
  const [style, setStyle] = useState<ClassicStyle>(DEFAULT_CLASSIC_STYLE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [ownPost, setOwnPost] = useState<PostChoice | null>(null);
  const [auto, setAuto] = useState<AutoChoice>(AUTO_OFF);
  const account = connectedId || (xAccounts.length === 1 ? (xAccounts[0]?.id ?? '') : '');
  const now = new Date();
  const plan = composePlan(slot.date, slot.time, zone, now);
  const post = effectivePostChoice(ownPost, defaultChoiceFor(plan.kind === 'peak' ? 'peak' : 'exact', false), false);
  // The server refuses every new schedule once the trial is over (core requireMaySchedule).
  const blocked = tier === 'expired';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!targetId) found.target = M.targetAccountRequired;
    if (!account) found.account = M.classicAccountRequired;
    const text = contentSchema.safeParse(content);
    if (!text.success) found.content = text.error.issues[0]?.message ?? M.contentRequired;
    if (!auto.on && plan.kind === 'invalid') found.when = M.missingDateOrTime;
    if (!auto.on && plan.kind === 'past') found.when = M.mustBeFuture;
    setErrors(found);
    if (Object.keys(found).length > 0 || blocked) return;
    const target = targets.find((t) => t.id === targetId);
    if (auto.on) return submitAuto(target?.username ?? '');
    if (plan.kind === 'invalid' || plan.kind === 'past') return;
    setSending(true);
    try {
      const at = new Date(plan.at).toISOString();
      const created = await createClassicSchedule({
        accountId: targetId,
        connectedAccountId: account,
        scheduleType: 'scheduled',
        scheduledTime: at,
        // With an exact time the window is only the spec's required field; the server plans 'once' at `exactTime`.
        peakWindowType: plan.kind === 'peak' ? plan.window : recommendedPeakWindow(now, zone),
        ...(plan.kind === 'exact' ? { exactTime: at } : {}),
        isActive: true,
        isExecuted: false,
        isRecurring: false,
        recurringType: 'daily',
        recurringDays: [],
        useAI,
        viralStyle: style,
        conditions: { content, targetAccount: target?.username ?? null, imageIncluded: false },
        imageUrl: null,
        ...postChoiceFields(post),
      });
      setErrors({});
      const description = `Your reply to @${target?.username ?? ''} has been scheduled to be sent at ${formatDateTime(at, zone)}`;
      toastScheduled({ title: M.created, description, scheduleId: created.id });
      setContent('');
    } catch (err) {
      // The action's toast said why; a field the server blamed is marked too.
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
    } finally {
      setSending(false);
    }
  }

  /** An auto reply: the same classic call with scheduleType 'auto' and its delay; no date or time. */
  async function submitAuto(username: string) {
    setSending(true);
    try {
      const created = await createClassicSchedule({
        accountId: targetId,
        connectedAccountId: account,
        ...autoFields(auto),
        isActive: true,
        isExecuted: false,
        useAI,
        viralStyle: style,
        conditions: { content, targetAccount: username || null, imageIncluded: false },
        imageUrl: null,
      });
      setErrors({});
      toastScheduled({ title: M.created, description: autoScheduledWords(username, auto.delayMinutes), scheduleId: created.id });
      setContent('');
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors({ [err.field === 'accountId' ? 'target' : err.field]: err.message });
    } finally {
      setSending(false);
    }
  }

  const field = (id: string, label: string, control: ReactNode, error?: string) => (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {error && (
        <p className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );

  return (
    <Card ref={ref} data-testid="compose-panel" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Compose</CardTitle>
        <CardDescription>Write a reply and place it on your calendar.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label="Compose" className="grid gap-4">
          {field(
            'compose-target',
            'Reply to',
            <TargetCombobox
              id="compose-target"
              accounts={targets}
              text={targetText}
              selectedId={targetId || null}
              onChange={(text, selected) => {
                setTargetText(text);
                setTargetId(selected?.id ?? '');
              }}
              disabled={sending}
              placeholder="Search monitored accounts"
              invalid={errors.target ? { 'aria-invalid': true } : undefined}
            />,
            errors.target,
          )}
          {field(
            'compose-account',
            'Post from',
            <XAccountSelect
              id="compose-account"
              label="Post from"
              accounts={xAccounts}
              value={account}
              onChange={setConnectedId}
              disabled={sending}
              invalid={errors.account ? { 'aria-invalid': true } : undefined}
            />,
            errors.account,
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="compose-content">Reply</Label>
            <Textarea
              id="compose-content"
              rows={5}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              placeholder="What should the reply say?"
              disabled={sending}
              aria-invalid={errors.content ? true : undefined}
            />
            <div className="flex items-start justify-between gap-2">
              {errors.content ? (
                <p className="text-sm font-medium text-destructive" role="alert">
                  {errors.content}
                </p>
              ) : (
                <span />
              )}
              <ContentCounter text={content} account={xAccounts.find((a) => a.id === account) ?? null} testId="compose-counter" />
            </div>
            <MentionWarning text={content} />
          </div>
          <label className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2" htmlFor="compose-ai">
            <span className="flex items-center gap-1.5 text-sm font-medium">
              <Sparkles className="size-4 text-violet-500" />
              Rewrite with AI
            </span>
            <Switch id="compose-ai" checked={useAI} onCheckedChange={setUseAI} disabled={sending} />
          </label>
          {useAI && field('compose-style', 'Viral style', <StyleSelect id="compose-style" styles={CLASSIC_STYLES} value={style} onChange={setStyle} disabled={sending} compact />)}
          <AutoReplyField
            id="compose-auto"
            choice={auto}
            onChange={(next) => {
              setAuto(next);
              setErrors({});
            }}
            targetId={targetId || null}
            targetUsername={targets.find((t) => t.id === targetId)?.username ?? null}
            disabled={sending}
            error={errors.delayMinutes}
          />
          {!auto.on && (
          <>
          <div className="grid grid-cols-2 gap-3">
            {field(
              'compose-date',
              'Date',
              <Input id="compose-date" type="date" min={today} value={slot.date} onChange={(e) => onSlot({ ...slot, date: e.target.value })} disabled={sending} />,
            )}
            {field(
              'compose-time',
              'Time',
              <Input id="compose-time" type="time" step={60} value={slot.time} onChange={(e) => onSlot({ ...slot, time: e.target.value })} disabled={sending} />,
            )}
          </div>
          <div className="grid gap-1 text-xs text-muted-foreground" data-testid="compose-when" aria-live="polite">
            {plan.kind === 'peak' && (
              <p>
                {formatDateTime(new Date(plan.at).toISOString(), zone)} · {PEAK_WINDOW_DEFINITIONS[plan.window].label}
              </p>
            )}
            {plan.kind === 'exact' && <p>{formatDateTime(new Date(plan.at).toISOString(), zone)}</p>}
            {(plan.kind === 'peak' || plan.kind === 'exact') && <p>{deliveryHint(new Date(plan.at), zone).text}</p>}
            {errors.when && (
              <p className="text-sm font-medium text-destructive" role="alert">
                {errors.when}
              </p>
            )}
          </div>
          <PostRuleField
            id="compose-post"
            choice={post}
            onChange={setOwnPost}
            recurring={false}
            targetUsername={targets.find((t) => t.id === targetId)?.username ?? null}
            disabled={sending}
            error={errors.waitMinutes ?? errors.freshnessMinutes ?? errors.targetPost}
          />
          </>
          )}
          <ReplyPreview text={content} aiStyle={useAI ? style : null} />
          {blocked && <TrialExpiredNotice message={SCHEDULING_ACCESS_MESSAGES.trialOver} />}
          <Button type="submit" disabled={sending || blocked}>
            {sending && <Spinner />}
            {sending ? 'Scheduling...' : 'Schedule Reply'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
