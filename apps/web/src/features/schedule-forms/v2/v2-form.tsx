// New AI Reply (spec part 2 §2, §5): target and connected account, AI with a V2 style, content
// (required without AI), an image (type and size checked when picked, uploaded first when sent:
// a failed upload stops scheduling), the peak window and recurring days (Monday to Friday by
// default). The warning banner appears while the text holds @mentions.
import { useState, type FormEvent } from 'react';
import { Sparkles, Wand2 } from 'lucide-react';
import { SCHEDULE_MESSAGES as M } from '@core/scheduling/messages';
import { v2ImageFileSchema, v2ScheduleSchema } from '@core/scheduling/schemas';
import { recommendedPeakWindow, type IsoWeekday } from '@core/scheduling/time';
import { V2_STYLES, type RepurposeStyle, type V2Style } from '@core/styles';
import { useDefaultStyle } from '@web/hooks/use-default-style';
import { hasMentions } from '@core/text/mentions';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { OptionSelect } from '@web/components/option-select';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { ApiError } from '@web/lib/api';
import { useFormFields, validate } from '@web/lib/form';
import { Field, invalidProps } from '@web/components/field';
import { accountLabel, type TargetAccount, type XAccount, createV2Schedule, ContentCounter, WeekdayToggles, PeakWindowPicker } from '@web/features/schedules';
import { StyleSelect } from '@web/components/style-select';
import { uploadImage } from '@web/features/schedule-forms/api/images';
import { repurposeV2 } from '@web/features/schedule-forms/api/repurpose';
import { ImagePicker } from '@web/features/schedule-forms/components/image-picker';
import { MentionsDetectedWarning } from '@web/features/schedule-forms/components/mentions-notice';
import { useNow } from '@web/hooks/use-now';
import { initialV2State, v2Payload, type V2State } from './v2-state';
import { RepurposeDialog } from './repurpose-dialog';

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
  const fresh = (connected = only) => initialV2State(connected, recommendedPeakWindow(new Date(), zone), v2Style);
  const { state, setState, errors, setErrors, set } = useFormFields<V2State>(() => fresh());
  const [submitting, setSubmitting] = useState(false);
  const [repurposing, setRepurposing] = useState(false);
  const [prompting, setPrompting] = useState(false);
  const busy = submitting || repurposing;
  const connectedAccountId = state.connectedAccountId || only;


  const askStyle = () => {
    if (state.content.trim() === '') {
      toast({ title: 'No content to repurpose', description: 'Please enter some content first.', variant: 'destructive' });
      return;
    }
    setPrompting(true);
  };

  async function repurpose(style: RepurposeStyle) {
    setRepurposing(true);
    const text = await repurposeV2(state.content, style);
    setRepurposing(false);
    if (text !== null) set({ content: text });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const current = { ...state, connectedAccountId };
    const parsed = validate(v2ScheduleSchema, v2Payload(current, null));
    if (!parsed.ok) return setErrors({ ...parsed.errors, peakWindow: parsed.errors.peakWindowType });
    setErrors({});
    setSubmitting(true);
    try {
      const imageUrl = current.image ? await uploadImage(current.image) : null;
      if (current.image && imageUrl === null) return; // 'Upload failed' was shown: nothing is scheduled.
      const answer = await createV2Schedule(v2Payload(current, imageUrl));
      toast({ title: 'Reply scheduled', description: answer.message || 'Your reply has been scheduled.' });
      setState(fresh(connectedAccountId));
    } catch (err) {
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label="New AI Reply" className="grid gap-5">
        <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
          <AccountSelect
            id="v2-target"
            label="Target Account"
            value={state.accountId}
            options={targets}
            onChange={(accountId) => set({ accountId })}
            placeholder="Choose an account to reply to"
            empty={loading ? 'Loading…' : 'No target accounts available'}
            error={errors.accountId}
            disabled={busy || loading}
          />
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

        <div className="grid gap-4 rounded-lg border p-4">
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
          {state.useAI && (
            <div className="grid gap-2">
              <Label htmlFor="v2-style">Viral style</Label>
              <StyleSelect id="v2-style" styles={V2_STYLES} value={state.viralStyle} onChange={(v) => set({ viralStyle: v })} disabled={busy} />
            </div>
          )}
        </div>

        <div className="grid gap-2">
          <div className="flex items-end justify-between gap-2">
            <Label htmlFor="v2-content">{state.useAI ? 'Content (optional)' : 'Content'}</Label>
            <Button variant="outline" size="sm" onClick={askStyle} disabled={state.content.length === 0 || busy}>
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
          {hasMentions(state.content) && <MentionsDetectedWarning />}
        </div>

        <div className="grid gap-2">
          <span className="text-sm font-medium">Image (optional)</span>
          <ImagePicker file={state.image} onChange={(image) => set({ image })} schema={v2ImageFileSchema} titleFor={(m) => (m === M.invalidFileType ? M.invalidFileType : M.fileTooLarge)} disabled={busy} />
        </div>

        <div className="grid gap-2">
          <span className="text-sm font-medium">Peak Window</span>
          <PeakWindowPicker
            name="v2-peak"
            value={state.peakWindow}
            onChange={(peakWindow) => set({ peakWindow }, ['peakWindow'])}
            zone={zone}
            now={now}
            disabled={busy}
            error={errors.peakWindow}
            recurrence={state.isRecurring ? { type: 'weekly', days: state.recurringDays as IsoWeekday[] } : null}
          />
          {errors.peakWindow && (
            <p className="text-sm font-medium text-destructive" role="alert">
              {errors.peakWindow}
            </p>
          )}
        </div>

        <div className="grid gap-3 rounded-lg border p-4">
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

        <Button type="submit" size="lg" disabled={busy || loading} className="w-full">
          {submitting && <Spinner />}
          {submitting ? 'Scheduling...' : 'Schedule Reply'}
        </Button>
      </form>
      {/* Outside the form: React events bubble through portals, so a dialog inside it would submit it. */}
      <RepurposeDialog open={prompting} onClose={() => setPrompting(false)} onStyle={(style) => void repurpose(style)} />
    </>
  );
}
