// Admin: AI Provider (/admin/ai-provider; ours, the spec has no such page): the OpenAI-compatible
// endpoint, model and key the installation writes with, a Test that makes one real call, what
// happens when the provider fails, and the limits the server enforces. The key is never shown:
// the field only replaces it.
import { useEffect, useState, type FormEvent } from 'react';
import { CircleAlert, CircleCheck, KeyRound } from 'lucide-react';
import { AI_FALLBACK_LABELS, AI_FALLBACKS } from '@core/ai/provider';
import { AdminOnly } from '@web/components/admin-only';
import { Field, invalidProps } from '@web/components/field';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { saveAiProvider, testAiProvider, useAiProvider, type AiProviderForm, type AiProviderTestResult, type AiProviderView } from './api/ai-provider';

const formOf = (view: AiProviderView): AiProviderForm => ({
  baseUrl: view.saved.baseUrl ?? '',
  model: view.saved.model ?? '',
  apiKey: '',
  removeKey: false,
  fallback: view.fallback,
  userDailyLimit: view.userDailyLimit === null ? '' : String(view.userDailyLimit),
  installationMonthlyLimit: view.installationMonthlyLimit === null ? '' : String(view.installationMonthlyLimit),
});

function inUseLine(view: AiProviderView): string {
  if (view.source === 'none') return 'No provider is set: AI replies come from the built-in offline writer, which only rewords the user’s own text.';
  const where = view.source === 'admin' ? 'set on this page' : 'set by the environment (RIPOSTE_AI_*)';
  return `In use: ${view.model} at ${view.baseUrl ?? '?'}, ${where}${view.keySet ? ', with a key' : ', without a key'}.`;
}

function TestOutcome({ result }: { result: AiProviderTestResult }) {
  if (result.ok) {
    return (
      <Alert variant="info" data-testid="ai-test-result" data-ok="true">
        <CircleCheck />
        <AlertTitle>
          {result.model} answered in {result.latencyMs} ms
        </AlertTitle>
        <AlertDescription>
          <p className="break-words">{result.reply}</p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive" data-testid="ai-test-result" data-ok="false">
      <CircleAlert />
      <AlertTitle>The test failed{result.latencyMs > 0 ? ` after ${result.latencyMs} ms` : ''}</AlertTitle>
      <AlertDescription>
        <p className="break-words">{result.message}</p>
      </AlertDescription>
    </Alert>
  );
}

function ProviderForm({ view }: { view: AiProviderView }) {
  const [form, setForm] = useState<AiProviderForm>(() => formOf(view));
  const [errors, setErrors] = useState<Partial<Record<keyof AiProviderForm, string>>>({});
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [result, setResult] = useState<AiProviderTestResult | null>(null);
  useEffect(() => setForm(formOf(view)), [view]);
  const set = <K extends keyof AiProviderForm>(key: K, value: AiProviderForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const blame = (err: unknown, title: string) => {
    const field = err instanceof ApiError ? (err.field as keyof AiProviderForm | undefined) : undefined;
    if (field !== undefined && field in form) setErrors({ [field]: errorMessage(err, title) });
    toast({ title, description: errorMessage(err, title), variant: 'destructive' });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('save');
    try {
      await saveAiProvider(form);
      toast({ title: 'AI provider saved', description: 'Every composer and scheduled reply uses it from now on.' });
    } catch (err) {
      blame(err, 'The AI provider was not saved');
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    setBusy('test');
    setResult(null);
    try {
      setResult(await testAiProvider(form));
    } catch (err) {
      blame(err, 'The test could not run');
    } finally {
      setBusy(null);
    }
  };

  const keyHint = view.saved.keySet
    ? 'A key is set and kept sealed; it is never shown. Type a new one to replace it.'
    : 'No key is set here. Local servers (Ollama, llama.cpp) usually need none.';

  return (
    <form className="grid gap-6" onSubmit={(e) => void save(e)} data-testid="ai-provider-form" noValidate>
      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Provider</h2>
        <Field id="ai-base-url" label="Endpoint URL" error={errors.baseUrl} hint="Any OpenAI-compatible server, e.g. https://api.openai.com/v1, https://openrouter.ai/api/v1 or http://localhost:11434/v1 (Ollama). Empty: the environment or the offline writer.">
          <Input
            id="ai-base-url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://api.openai.com/v1"
            value={form.baseUrl}
            onChange={(e) => set('baseUrl', e.target.value)}
            {...invalidProps('ai-base-url', errors.baseUrl)}
          />
        </Field>
        <Field id="ai-model" label="Model" error={errors.model} hint="As the server names it: gpt-4o-mini, llama3.2, qwen2.5:7b ...">
          <Input id="ai-model" autoComplete="off" spellCheck={false} placeholder="gpt-4o-mini" value={form.model} onChange={(e) => set('model', e.target.value)} {...invalidProps('ai-model', errors.model)} />
        </Field>
        <Field id="ai-api-key" label="API key" error={errors.apiKey} hint={keyHint}>
          <Input
            id="ai-api-key"
            type="password"
            autoComplete="new-password"
            placeholder={view.saved.keySet ? '•••••••• (set)' : 'sk-...'}
            value={form.apiKey}
            disabled={form.removeKey}
            onChange={(e) => set('apiKey', e.target.value)}
            {...invalidProps('ai-api-key', errors.apiKey)}
          />
        </Field>
        {view.saved.keySet && (
          <div className="flex items-center gap-2">
            <Checkbox id="ai-remove-key" checked={form.removeKey} onCheckedChange={(on) => (set('removeKey', on === true), set('apiKey', ''))} />
            <Label htmlFor="ai-remove-key">Remove the key</Label>
          </div>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void test()}>
            <KeyRound />
            {busy === 'test' ? 'Testing...' : 'Test'}
          </Button>
          <p className="text-sm text-muted-foreground sm:self-center">Writes one sample reply with the values above (saved or not) and shows how long it took.</p>
        </div>
        {result !== null && <TestOutcome result={result} />}
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">When the provider fails</h2>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm text-muted-foreground">Down, too slow, refusing the key, or a limit below reached:</legend>
          {AI_FALLBACKS.map((f) => (
            <label key={f} className="flex items-start gap-2 text-sm">
              <input type="radio" name="ai-fallback" value={f} className="mt-1 size-4" checked={form.fallback === f} onChange={() => set('fallback', f)} />
              <span>{AI_FALLBACK_LABELS[f]}</span>
            </label>
          ))}
        </fieldset>
      </Card>

      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Limits</h2>
        <p className="text-sm text-muted-foreground" data-testid="ai-usage">
          Used today: {view.usage.today} · this month: {view.usage.month}
          {view.installationMonthlyLimit === null ? '' : ` of ${view.installationMonthlyLimit}`}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="ai-user-daily" label="AI writings per user per day" error={errors.userDailyLimit} hint="Empty: no limit. Counted in UTC days.">
            <Input id="ai-user-daily" inputMode="numeric" value={form.userDailyLimit} onChange={(e) => set('userDailyLimit', e.target.value)} {...invalidProps('ai-user-daily', errors.userDailyLimit)} />
          </Field>
          <Field id="ai-monthly" label="AI writings per month (installation)" error={errors.installationMonthlyLimit} hint="Empty: no limit. Counted in UTC months.">
            <Input id="ai-monthly" inputMode="numeric" value={form.installationMonthlyLimit} onChange={(e) => set('installationMonthlyLimit', e.target.value)} {...invalidProps('ai-monthly', errors.installationMonthlyLimit)} />
          </Field>
        </div>
      </Card>

      <div>
        <Button type="submit" disabled={busy !== null}>
          {busy === 'save' ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

function AiProvider() {
  const { data, error, mutate } = useAiProvider();
  if (error) return <LoadError title="Error loading the AI provider" onRetry={() => void mutate()} />;
  if (!data) return <PageSpinner />;
  return (
    <div className="grid gap-6">
      <p className="text-sm" data-testid="ai-in-use">
        {inUseLine(data)}
        {data.updatedAt !== null && <span className="text-muted-foreground"> Last changed {data.updatedBy === null ? '' : `by ${data.updatedBy} `}on {new Date(data.updatedAt).toLocaleString()}.</span>}
      </p>
      <ProviderForm view={data} />
    </div>
  );
}

export default function AiProviderPage() {
  return (
    <AdminOnly page="AI Provider">
      <div className="grid gap-6" data-testid="ai-provider-page">
        <PageHeader title="AI Provider" description="The model that writes AI replies for every user: any OpenAI-compatible endpoint, with its limits and what happens when it fails." />
        <AiProvider />
      </div>
    </AdminOnly>
  );
}
