// New AI Reply (spec part 2 §2, §5): target and connected account, AI with a V2 style, content
// (required without AI), an image (type and size checked when picked, uploaded first when sent:
// a failed upload stops scheduling), the peak window and recurring days (Monday to Friday by
// default). The target, the live @mention warning, the preview, Repurpose and the success toast
// are the parts every composer shares.
import { AiProviderNote, useAiConnected } from '@web/components/ai-provider-note';
import { useEffect, useState, type FormEvent } from 'react';
import { Sparkles, Wand2 } from 'lucide-react';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { v2ImageFileSchema, v2ScheduleSchema } from '@core/scheduling/schemas';
import { recommendedPeakWindow, type IsoWeekday } from '@core/scheduling/time';
import { V2_STYLES, type V2Style } from '@core/styles';
import { useDefaultStyle } from '@web/hooks/use-default-style';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { OptionSelect } from '@web/components/option-select';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { useFormFields, validate } from '@web/lib/form';
import { Field, invalidProps } from '@web/components/field';
import {
  accountLabel,
  type TargetAccount,
  type XAccount,
  createV2Schedule,
  ContentCounter,
  MentionWarning,
  VariationsNote,
  TimePicker,
  PostRuleField,
  AutoReplyField,
  autoScheduledWords,
  exactInstant,
  ReplyPreview,
  TargetCombobox,
  toastScheduled,
  WeekdayToggles,
} from '@web/features/schedules';
import { StyleSelect } from '@web/components/style-select';
import { uploadImage } from '@web/features/schedule-forms/api/images';
import { repurposeV2 } from '@web/features/schedule-forms/api/repurpose';
import { ImagePicker } from '@web/features/schedule-forms/components/image-picker';
import { ReplyLimitNote } from '@web/features/schedule-forms/components/reply-limit-note';
import { useRepurpose } from '@web/features/schedule-forms/components/repurpose-panel';
import { useNow } from '@web/hooks/use-now';
import { initialV2State, v2Payload, v2PostChoice, type V2State } from './v2-state';

type Props = { targets: TargetAccount[]; xAccounts: XAccount[]; loading: boolean; zone: string };

function AccountSelect({
  id,
  label,
  value,
  options,
  onChange,
  placeholder,
  error,
  disabled,
  empty,
}: {
  id: string;
  label: string;
  value: string;
  options: { id: string; username: string; displayName?: string | null }[];
  onChange: (id: string) => void;
  placeholder: string;
  error: string | undefined;
  disabled: boolean;
  empty: string;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <OptionSelect id={id} label={label} long options={options.map((a) => ({ value: a.id, label: accountLabel(a) }))} value={value} onChange={onChange} disabled={disabled} placeholder={placeholder} empty={empty} invalid={invalidProps(id, error)} />
    </Field>
  );
}

export function V2Form({ targets, xAccounts, loading, zone }: Props) {
  const now = useNow();
  // A single connected account is preselected (spec §4).
  const only = xAccounts.length === 1 ? (xAccounts[0]?.id ?? '') : '';
  // The Settings default applies where V2's shorter list has it.
  const chosen = useDefaultStyle();
  const v2Style = (V2_STYLES as readonly string[]).includes(chosen) ? (chosen as V2Style) : undefined;
  const aiConnected = useAiConnected();
  const fresh = (connected = only) => initialV2State(connected, recommendedPeakWindow(new Date(), zone), v2Style, aiConnected);
  const { state, setState, errors, setErrors, set } = useFormFields<V2State>(() => fresh());
  // The server's answer comes after the first render: with a model connected, AI starts on.
  useEffect(() => {
    if (aiConnected) set({ useAI: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer arrives
  }, [aiConnected]);
  const [submitting, setSubmitting] = useState(false);
  const repurpose = useRepurpose({
    content: state.content,
    setContent: (content) => set({ content }),
    rewrite: (text, style, seed) => repurposeV2(text, style ?? 'friendly', seed),
    styled: true,
  });
  const repurposing = repurpose.busy;
  const busy = submitting || repurposing;
  const connectedAccountId = state.connectedAccountId || only;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const current = { ...state, connectedAccountId };
    const exact = current.exact !== null && !current.isRecurring && !current.auto.on ? exactInstant(current.exact, zone, new Date()) : null;
    const exactTime = exact?.ok ? exact.at : null;
    const parsed = validate(v2ScheduleSchema, v2Payload(current, null, exactTime));
    if (exact && !exact.ok) return setErrors({ ...(parsed.ok ? {} : parsed.errors), exactTime: exact.message });
    if (!parsed.ok) return setErrors({ ...parsed.errors, peakWindow: parsed.errors.peakWindowType });
    setErrors({});
    setSubmitting(true);
    try {
      const imageUrl = current.image ? await uploadImage(current.image) : null;
      if (current.image && imageUrl === null) return; // 'Upload failed' was shown: nothing is scheduled.
      const answer = await createV2Schedule(v2Payload(current, imageUrl, exactTime));
      const target = targets.find((t) => t.id === current.accountId);
      const description = current.auto.on && target ? autoScheduledWords(target.username, current.auto.delayMinutes) : answer.message || 'Your reply has been scheduled.';
      if (answer.schedule) toastScheduled({ title: 'Reply scheduled', description, scheduleId: answer.schedule.id });
      else toastScheduled({ title: 'Reply scheduled', description, batch: true });
      setState(fresh(connectedAccountId));
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="New AI Reply" className="grid grid-cols-1 gap-5">
        <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
          <Field id="v2-target" label="Target Account" error={errors.accountId}>
            <TargetCombobox
              id="v2-target"
              accounts={targets}
              text={state.targetText}
              selectedId={state.accountId || null}
              onChange={(targetText, selected) => set({ targetText, accountId: selected?.id ?? '' }, ['accountId'])}
              disabled={busy || loading}
              invalid={invalidProps('v2-target', errors.accountId)}
              placeholder={loading ? 'Loading…' : 'Search monitored accounts'}
            />
          </Field>
          <AccountSelect
            id="v2-connected"
            label="Post From"
            value={connectedAccountId}
            options={xAccounts}
            onChange={(id) => set({ connectedAccountId: id })}
            placeholder="Choose your X account"
            empty={loading ? 'Loading…' : 'No connected accounts available'}
            error={errors.connectedAccountId}
            disabled={busy || loading}
          />
        </div>

        <div className="grid grid-cols-1 gap-4 rounded-lg border p-4">
          <label className="flex items-center justify-between gap-3" htmlFor="v2-ai">
            <span className="grid">
              <span className="flex items-center gap-1.5 text-sm font-medium">
                <Sparkles className="size-4 text-violet-500" />
                AI-generated reply
              </span>
              <span className="text-xs text-muted-foreground">The AI writes a reply to the post in your style; your text, if any, guides it</span>
            </span>
            <Switch id="v2-ai" checked={state.useAI} onCheckedChange={(v) => set({ useAI: v }, ['useAI', 'content'])} disabled={busy} />
          </label>
          <AiProviderNote />
          {state.useAI && (
            <div className="grid grid-cols-1 gap-2">
              <Label htmlFor="v2-style">Viral style</Label>
              <StyleSelect id="v2-style" styles={V2_STYLES} value={state.viralStyle} onChange={(v) => set({ viralStyle: v })} disabled={busy} />
            </div>
          )}
        </div>

        <div className="grid grid-cols-1 gap-2">
          <div className="flex items-end justify-between gap-2">
            <Label htmlFor="v2-content">{state.useAI ? 'Content (optional)' : 'Content'}</Label>
            <Button variant="outline" size="sm" onClick={repurpose.start} disabled={state.content.length === 0 || busy}>
              {repurposing ? <Spinner /> : <Wand2 />}
              {repurposing ? 'Repurposing...' : 'Repurpose'}
            </Button>
          </div>
          <Textarea
            id="v2-content"
            rows={5}
            value={state.content}
            placeholder={state.useAI ? 'Optional: points the AI should make' : 'Write your reply'}
            onChange={(e) => set({ content: e.target.value })}
            disabled={submitting}
            className="max-h-72"
            {...invalidProps('v2-content', errors.content)}
          />
          <div className="flex items-start justify-between gap-3">
            {errors.content ? (
              <p id="v2-content-error" className="text-sm font-medium text-destructive" role="alert">
                {errors.content}
              </p>
            ) : (
              <span />
            )}
            <ContentCounter text={state.content} account={xAccounts.find((a) => a.id === connectedAccountId) ?? null} />
          </div>
          <MentionWarning text={state.content} />
          <VariationsNote text={state.content} useAI={state.useAI} />
          {repurpose.panel}
          <ReplyPreview text={state.content} aiStyle={state.useAI ? state.viralStyle : null} imageName={state.image?.name ?? null} />
        </div>

        <div className="grid grid-cols-1 gap-2">
          <span className="text-sm font-medium">Image (optional)</span>
          <ImagePicker file={state.image} onChange={(image) => set({ image })} schema={v2ImageFileSchema} titleFor={(m) => (m === M.invalidFileType ? M.invalidFileType : M.fileTooLarge)} disabled={busy} />
        </div>

        <AutoReplyField
          id="v2-auto"
          choice={state.auto}
          onChange={(auto) => set({ auto }, ['delayMinutes', 'peakWindow', 'accountId'])}
          targetId={state.accountId || null}
          targetUsername={targets.find((t) => t.id === state.accountId)?.username ?? null}
          disabled={busy}
          error={errors.delayMinutes}
        />

        {!state.auto.on && (
        <>
        <div className="grid grid-cols-1 gap-2">
          <span className="text-sm font-medium">Peak Window</span>
          <TimePicker
            name="v2-peak"
            peakWindow={state.peakWindow}
            onPeakWindow={(peakWindow) => set({ peakWindow }, ['peakWindow', 'exactTime'])}
            exact={state.exact}
            onExact={(exact) => set({ exact }, ['exactTime'])}
            zone={zone}
            now={now}
            disabled={busy}
            error={errors.peakWindow}
            exactError={errors.exactTime}
            recurrence={state.isRecurring ? { type: 'weekly', days: state.recurringDays as IsoWeekday[] } : null}
          />
          {errors.peakWindow && (
            <p className="text-sm font-medium text-destructive" role="alert">
              {errors.peakWindow}
            </p>
          )}
        </div>

        <div className="grid grid-cols-1 gap-3 rounded-lg border p-4">
          <label className="flex items-center justify-between gap-3" htmlFor="v2-recurring">
            <span className="grid">
              <span className="text-sm font-medium">Recurring</span>
              <span className="text-xs text-muted-foreground">Reply at this window on the chosen days every week</span>
            </span>
            <Switch id="v2-recurring" checked={state.isRecurring} onCheckedChange={(v) => set({ isRecurring: v }, ['recurringDays'])} disabled={busy} />
          </label>
          {state.isRecurring && (
            <WeekdayToggles value={state.recurringDays} onChange={(recurringDays) => set({ recurringDays })} numbering="iso" disabled={busy} label="Recurring days" />
          )}
          {errors.recurringDays && (
            <p className="text-sm font-medium text-destructive" role="alert">
              {errors.recurringDays}
            </p>
          )}
        </div>

        <PostRuleField
          id="v2-post"
          choice={v2PostChoice(state)}
          onChange={(post) => set({ post }, ['waitMinutes', 'freshnessMinutes', 'targetPost'])}
          recurring={state.isRecurring}
          targetUsername={targets.find((t) => t.id === state.accountId)?.username ?? null}
          disabled={busy}
          error={errors.waitMinutes ?? errors.freshnessMinutes ?? errors.targetPost}
        />
        </>
        )}

        <ReplyLimitNote />
        <Button type="submit" size="lg" disabled={busy || loading} className="w-full">
          {submitting && <Spinner />}
          {submitting ? 'Scheduling...' : 'Schedule Reply'}
        </Button>
      </form>
    </>
  );
}
