// Create Test (spec part 2 §2, §7): a test schedule for a monitored account, through the V1 or V2
// call, then 'Run Now' runs its due run at once (run-test-schedule, or execute-test-schedule-v2).
import { useState, type FormEvent } from 'react';
import { Play, Plus } from 'lucide-react';
import { CLASSIC_STYLES, DEFAULT_CLASSIC_STYLE, DEFAULT_V2_STYLE, V2_STYLES } from '@core/styles';
import { Field, invalidProps } from '@web/components/field';
import { StyleSelect } from '@web/components/style-select';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { isReplyItem, refreshReplies, type ReplyAnswer } from '@web/features/replies';
import type { TargetAccount, XAccount } from '@web/features/schedules';
import { createTestSchedule, refreshRecentReplies, runTestSchedule, type TestSchedule } from '@web/features/scheduler-test/api/admin-tests';
import { checkCreate, createPayload, localInputValue, type CreateForm } from '@web/features/scheduler-test/form-rules';
import { TEST_MESSAGES as M } from '@web/features/scheduler-test/messages';
import { reportFailure, reportReply, type AuthTrouble } from '@web/features/scheduler-test/outcome';
import { AccountFields } from './account-fields';
import { ReplyResult } from './reply-result';

type Props = { targets: readonly TargetAccount[]; accounts: readonly XAccount[]; onAuthFailure: (t: AuthTrouble) => void };

const initial = (): CreateForm => ({
  accountId: '',
  connectedAccountId: '',
  isOnetime: true,
  isActive: true,
  useAi: false,
  viralStyle: DEFAULT_CLASSIC_STYLE,
  content: '',
  // Now: the test schedule is due at once, so 'Run Now' has a run to run.
  startLocal: localInputValue(new Date(), 0),
});

type Created = { schedule: TestSchedule; v2: boolean; connectedAccountId: string | undefined };

export function CreateTestTab({ targets, accounts, onAuthFailure }: Props) {
  const [form, setForm] = useState<CreateForm>(initial);
  const [v2, setV2] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState<'create' | 'run' | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [result, setResult] = useState<ReplyAnswer | null>(null);
  const change = (c: Partial<CreateForm>) => {
    setForm((f) => ({ ...f, ...c }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(c).map((k) => [k, undefined])) }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkCreate(form, v2);
    if (problem) {
      setErrors({ [problem.field]: problem.description });
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    setBusy('create');
    try {
      const schedule = await createTestSchedule(createPayload(form), v2);
      setCreated({ schedule, v2, connectedAccountId: form.connectedAccountId || undefined });
      setResult(null);
      toast({ title: v2 ? 'V2 test schedule created' : 'Test schedule created', description: 'Run it now, or let the scheduler run it when it is due.' });
    } catch (err) {
      reportFailure(err, v2 ? M.createFailedV2 : M.createFailed, form.connectedAccountId || undefined, onAuthFailure);
    } finally {
      setBusy(null);
    }
  }

  async function runNow() {
    if (!created) return;
    setBusy('run');
    try {
      const reply = await runTestSchedule(created.schedule.id, created.v2);
      setResult(reply);
      reportReply(reply, 'Test schedule run', onAuthFailure);
    } catch (err) {
      reportFailure(err, created.v2 ? M.runFailedV2 : M.runFailed, created.connectedAccountId, onAuthFailure);
    } finally {
      setBusy(null);
      void refreshRecentReplies();
      void refreshReplies();
    }
  }

  const styles = v2 ? V2_STYLES : CLASSIC_STYLES;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
      <Card>
        <CardHeader>
          <CardTitle>Create a test schedule</CardTitle>
          <CardDescription>A schedule like any other, marked as a test, for a monitored account.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4" aria-label="Create test schedule" noValidate>
            <div className="flex items-center gap-2">
              <Switch id="ct-v2" checked={v2} onCheckedChange={(on) => {
                setV2(on);
                change({ viralStyle: on ? DEFAULT_V2_STYLE : DEFAULT_CLASSIC_STYLE });
              }} />
              <Label htmlFor="ct-v2">Use the V2 scheduler</Label>
            </div>
            <AccountFields
              idPrefix="ct"
              targets={targets}
              accounts={accounts}
              accountId={form.accountId}
              connectedAccountId={form.connectedAccountId}
              onChange={change}
              errors={errors}
              targetLabel="Account to monitor"
              connectedLabel="Post from (optional)"
            />
            <Field id="ct-start" label="Start" error={errors.startLocal} hint="A start now or in the past makes the run due at once.">
              <Input id="ct-start" type="datetime-local" value={form.startLocal} onChange={(e) => change({ startLocal: e.target.value })} {...invalidProps('ct-start', errors.startLocal)} />
            </Field>
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              <div className="flex items-center gap-2">
                <Switch id="ct-onetime" checked={form.isOnetime} onCheckedChange={(on) => change({ isOnetime: on })} />
                <Label htmlFor="ct-onetime">One-time</Label>
              </div>
              <div className="flex items-center gap-2">
                <Switch id="ct-active" checked={form.isActive} onCheckedChange={(on) => change({ isActive: on })} />
                <Label htmlFor="ct-active">Active</Label>
              </div>
              <div className="flex items-center gap-2">
                <Switch id="ct-ai" checked={form.useAi} onCheckedChange={(on) => change({ useAi: on })} />
                <Label htmlFor="ct-ai">Use AI</Label>
              </div>
            </div>
            {form.useAi && (
              <Field id="ct-style" label="Viral style">
                <StyleSelect id="ct-style" styles={styles} value={form.viralStyle as (typeof styles)[number]} onChange={(s) => change({ viralStyle: s })} />
              </Field>
            )}
            <Field id="ct-content" label={form.useAi ? 'Text for the AI to rewrite (optional)' : 'Reply content'} error={errors.content}>
              <Textarea id="ct-content" rows={4} value={form.content} onChange={(e) => change({ content: e.target.value })} {...invalidProps('ct-content', errors.content)} />
            </Field>
            <Button type="submit" disabled={busy !== null} className="justify-self-start">
              <Plus />
              {busy === 'create' ? 'Creating...' : v2 ? 'Create V2 Test Schedule' : 'Create Test Schedule'}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card data-testid="created-test">
        <CardHeader>
          <CardTitle>Test schedule</CardTitle>
          <CardDescription>{created ? `Created${created.v2 ? ' (V2)' : ''}: ${created.schedule.id}` : 'Nothing created yet.'}</CardDescription>
        </CardHeader>
        {created && (
          <CardContent className="grid gap-3">
            <Button onClick={() => void runNow()} disabled={busy !== null} className="justify-self-start">
              <Play />
              {busy === 'run' ? 'Running...' : 'Run Now'}
            </Button>
            {isReplyItem(result) ? (
              <ReplyResult reply={result} />
            ) : (
              result && (
                <p className="text-sm text-muted-foreground" data-testid="test-result-pending">
                  The run is recorded; Recent Replies shows how it ends.
                </p>
              )
            )}
          </CardContent>
        )}
      </Card>
    </div>
  );
}
