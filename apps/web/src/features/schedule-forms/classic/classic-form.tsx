// The Schedule a Reply form (spec part 2 §2, §4, §5): your X account (the first connected one,
// read-only), the target combo-box, recurring options, AI and style, content with Repurpose and
// counter, an optional image and the peak window. Checked with the shared schema before sending;
// after success the form resets and keeps the account.
import { AiProviderNote } from '@web/components/ai-provider-note';
import { useState, type FormEvent } from 'react';
import { Sparkles, Wand2 } from 'lucide-react';
import { Link } from 'wouter';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { classicFormSchema, classicImageFileSchema } from '@core/scheduling/schemas';
import { recommendedPeakWindow } from '@core/scheduling/time';
import { CLASSIC_STYLES } from '@core/styles';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { useFormFields, validate, type FieldErrors } from '@web/lib/form';
import { Field, invalidProps } from '@web/components/field';
import {
  type TargetAccount,
  type XAccount,
  createClassicSchedule,
  ContentCounter,
  MentionWarning,
  VariationsNote,
  TimePicker,
  PostRuleField,
  AutoReplyField,
  autoScheduledWords,
  exactInstant,
  RecurringOptions,
  ReplyPreview,
  TargetCombobox,
  toastScheduled,
} from '@web/features/schedules';
import { StyleSelect } from '@web/components/style-select';
import { uploadImage } from '@web/features/schedule-forms/api/images';
import { repurposeClassic } from '@web/features/schedule-forms/api/repurpose';
import { useRepurpose } from '@web/features/schedule-forms/components/repurpose-panel';
import { ImagePicker } from '@web/features/schedule-forms/components/image-picker';
import { OptionSelect } from '@web/components/option-select';
import { ReplyLimitNote } from '@web/features/schedule-forms/components/reply-limit-note';
import { useDefaultStyle } from '@web/hooks/use-default-style';
import { useNow } from '@web/hooks/use-now';
import { formatDateTime, localDayKey } from '@web/lib/time-format';
import { classicAutoPayload, classicFormInput, classicPayload, classicPostChoice, initialClassicState, recurrenceOf, type ClassicState } from './classic-state';

/** Ours: the spec's page sends a username; Riposte answers only accounts it monitors. */
const PICK_A_SUGGESTION = 'Choose one of the monitored accounts in the suggestions';

type Props = {
  /** The user's connected X accounts; the reply posts from the one chosen (the first by default). */
  xAccounts: XAccount[];
  targets: TargetAccount[];
  loading: boolean;
  zone: string;
};

export function ClassicForm({ xAccounts, targets, loading, zone }: Props) {
  const now = useNow();
  const [chosenId, setChosenId] = useState('');
  const xAccount = xAccounts.find((a) => a.id === chosenId) ?? xAccounts[0] ?? null;
  const defaultStyle = useDefaultStyle();
  const fresh = () => initialClassicState(Number(localDayKey(new Date(), zone).slice(8, 10)), recommendedPeakWindow(new Date(), zone), defaultStyle);
  const { state, setState, errors, setErrors, set } = useFormFields<ClassicState>(fresh);
  const [submitting, setSubmitting] = useState(false);
  const repurpose = useRepurpose({ content: state.content, setContent: (content) => set({ content }), rewrite: (text, _style, seed) => repurposeClassic(text, seed), styled: false });
  const repurposing = repurpose.busy;
  const busy = submitting || repurposing;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = validate(classicFormSchema, classicFormInput(state, xAccount?.id ?? null));
    const found: FieldErrors = parsed.ok ? {} : { ...parsed.errors };
    const target = targets.find((t) => t.id === state.targetId) ?? null;
    if (!found.targetAccount && target === null) found.targetAccount = PICK_A_SUGGESTION;
    const auto = state.auto.on;
    const exact = state.exact !== null && !state.isRecurring && !auto ? exactInstant(state.exact, zone, new Date()) : null;
    if (exact && !exact.ok) found.exactTime = exact.message;
    if (!parsed.ok || target === null || !xAccount || (!auto && !state.peakWindow) || (exact && !exact.ok)) {
      setErrors(found);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const imageUrl = state.image ? await uploadImage(state.image) : null;
      if (state.image && imageUrl === null) return; // 'Upload failed' was shown; nothing is scheduled.
      const ids = { targetId: target.id, targetUsername: target.username, xAccountId: xAccount.id };
      const created = await createClassicSchedule(
        auto || !state.peakWindow ? classicAutoPayload(state, ids, imageUrl) : classicPayload({ ...state, peakWindow: state.peakWindow }, ids, imageUrl, new Date(), zone, exact?.ok ? exact.at : null),
      );
      toastScheduled({
        title: M.created,
        description: auto
          ? autoScheduledWords(target.username, state.auto.delayMinutes)
          : created.nextRunTime
            ? `Your reply to @${target.username} has been scheduled to be sent at ${formatDateTime(created.nextRunTime, zone)}`
            : `Your reply to @${target.username} has been scheduled`,
        scheduleId: created.id,
      });
      // Reset, keeping the account (it is the first connected one, so it stays by itself).
      setState(fresh());
    } catch (err) {
      // The call's accountId is the target here (the form's accountId is your X account).
      const fieldOf = (f: string) => (f.split('.').pop() === 'content' ? 'content' : f === 'accountId' ? 'targetAccount' : f);
      if (err instanceof ApiError && err.field) setErrors({ [fieldOf(err.field)]: err.message });
    } finally {
      setSubmitting(false);
    }
  }

  const submitLabel = submitting ? 'Scheduling...' : !xAccount && !loading ? 'Connect an Account First' : 'Schedule Reply';

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Schedule a Reply" className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <Field id="classic-x-account" label="Your X Account" error={errors.accountId} hint={xAccount ? 'Replies are posted from this account.' : undefined}>
          {xAccount && xAccounts.length > 1 ? (
            <OptionSelect
              id="classic-x-account"
              label="Your X Account"
              options={xAccounts.map((a) => ({ value: a.id, label: `@${a.username}` }))}
              value={xAccount.id}
              onChange={setChosenId}
              disabled={busy || loading}
              placeholder="Choose your X account"
              empty="No X account connected"
            />
          ) : xAccount ? (
            <Input id="classic-x-account" value={`@${xAccount.username}`} readOnly aria-readonly className="bg-muted/50" />
          ) : (
            <p id="classic-x-account" className="flex h-10 items-center rounded-md border border-dashed px-3 text-sm text-muted-foreground sm:h-9">
              {loading ? 'Loading…' : 'No X account connected'}
            </p>
          )}
        </Field>
        <Field id="classic-target" label="Target Account" error={errors.targetAccount} hint="The monitored account whose post gets your reply (see Which Post).">
          <TargetCombobox
            id="classic-target"
            accounts={targets}
            text={state.targetText}
            selectedId={state.targetId}
            onChange={(text, selected) => set({ targetText: text, targetId: selected?.id ?? null }, ['targetAccount'])}
            disabled={busy || loading}
            invalid={invalidProps('classic-target', errors.targetAccount)}
          />
        </Field>
      </div>

      <AutoReplyField
        id="classic-auto"
        choice={state.auto}
        onChange={(auto) => set({ auto }, ['delayMinutes', 'scheduleType', 'accountId'])}
        targetId={state.targetId}
        targetUsername={targets.find((t) => t.id === state.targetId)?.username ?? null}
        disabled={busy}
        error={errors.delayMinutes}
      />

      {!state.auto.on && (
      <RecurringOptions
        isRecurring={state.isRecurring}
        recurringType={state.recurringType}
        weeklyDays={state.weeklyDays}
        monthDay={state.monthDay}
        onChange={(patch) => set(patch, ['recurringDays', 'recurringType'])}
        disabled={busy}
        error={errors.recurringDays ?? errors.recurringType}
      />
      )}

      <div className="grid gap-4 rounded-lg border p-4">
        <label className="flex items-center justify-between gap-3" htmlFor="classic-ai">
          <span className="grid">
            <span className="flex items-center gap-1.5 text-sm font-medium">
              <Sparkles className="size-4 text-violet-500" />
              Use AI
            </span>
            <span className="text-xs text-muted-foreground">Rewrite your reply into a unique variation in a viral style each time it is sent</span>
          </span>
          <Switch id="classic-ai" checked={state.useAI} onCheckedChange={(v) => set({ useAI: v })} disabled={busy} />
        </label>
        <AiProviderNote />
        {state.useAI && (
          <div className="grid gap-2">
            <Label htmlFor="classic-style">Viral style</Label>
            <StyleSelect id="classic-style" styles={CLASSIC_STYLES} value={state.viralStyle} onChange={(v) => set({ viralStyle: v })} disabled={busy} />
          </div>
        )}
      </div>

      <div className="grid gap-2">
        <div className="flex items-end justify-between gap-2">
          <Label htmlFor="classic-content">Reply Content</Label>
          <Button variant="outline" size="sm" onClick={repurpose.start} disabled={state.content.length === 0 || busy}>
            {repurposing ? <Spinner /> : <Wand2 />}
            {repurposing ? 'Repurposing...' : 'Repurpose'}
          </Button>
        </div>
        <Textarea
          id="classic-content"
          rows={6}
          value={state.content}
          placeholder="Write the reply to post under the target's post."
          onChange={(e) => set({ content: e.target.value })}
          disabled={submitting}
          className="max-h-80"
          {...invalidProps('classic-content', errors.content)}
        />
        <div className="flex items-start justify-between gap-3">
          {errors.content ? (
            <p id="classic-content-error" className="text-sm font-medium text-destructive" role="alert">
              {errors.content}
            </p>
          ) : (
            <span />
          )}
          <ContentCounter text={state.content} account={xAccount} />
        </div>
        <MentionWarning text={state.content} />
          <VariationsNote text={state.content} useAI={state.useAI} />
        {repurpose.panel}
        <ReplyPreview text={state.content} aiStyle={state.useAI ? state.viralStyle : null} imageName={state.image?.name ?? null} />
      </div>

      <div className="grid gap-2">
        <span className="text-sm font-medium">Image (optional)</span>
        <ImagePicker file={state.image} onChange={(image) => set({ image })} schema={classicImageFileSchema} titleFor={() => M.fileTooLargeTitle} disabled={busy} />
      </div>

      {!state.auto.on && (
      <>
      <div className="grid gap-2">
        <span className="text-sm font-medium">When to Reply</span>
        <TimePicker
          name="classic-peak"
          peakWindow={state.peakWindow}
          onPeakWindow={(peakWindow) => set({ peakWindow }, ['scheduleType', 'exactTime'])}
          exact={state.exact}
          onExact={(exact) => set({ exact }, ['exactTime'])}
          zone={zone}
          now={now}
          disabled={busy}
          error={errors.scheduleType}
          exactError={errors.exactTime}
          recurrence={recurrenceOf(state)}
        />
        {errors.scheduleType && (
          <p className="text-sm font-medium text-destructive" role="alert">
            {errors.scheduleType}
          </p>
        )}
        <p className="text-xs text-muted-foreground">Times are in your time zone ({zone}).</p>
      </div>

      <PostRuleField
        id="classic-post"
        choice={classicPostChoice(state)}
        onChange={(post) => set({ post }, ['waitMinutes', 'freshnessMinutes', 'targetPost'])}
        recurring={state.isRecurring}
        targetUsername={targets.find((t) => t.id === state.targetId)?.username ?? null}
        disabled={busy}
        error={errors.waitMinutes ?? errors.freshnessMinutes ?? errors.targetPost}
      />
      </>
      )}

      <ReplyLimitNote />
      {xAccount || submitting || loading ? (
        <Button type="submit" size="lg" disabled={submitting || repurposing || loading} className="w-full sm:w-auto sm:justify-self-end">
          {submitting && <Spinner />}
          {submitLabel}
        </Button>
      ) : (
        <Button size="lg" asChild className="w-full sm:w-auto sm:justify-self-end">
          <Link href="/connected-accounts">{submitLabel}</Link>
        </Button>
      )}
    </form>
  );
}
