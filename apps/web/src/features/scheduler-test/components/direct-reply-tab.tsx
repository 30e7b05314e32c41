// Direct Reply (spec part 2 §2, §7): reply to one post now from a connected account, through the
// same exactly-once path as scheduled replies; afterwards the page shows Recent Replies.
import { useEffect, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { DEFAULT_DIRECT_REPLY_STYLE, DIRECT_REPLY_STYLES, type DirectReplyStyle } from '@core/styles';
import { Field, invalidProps } from '@web/components/field';
import { StyleSelect } from '@web/components/style-select';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { refreshReplies } from '@web/features/replies';
import type { TargetAccount, XAccount } from '@web/features/schedules';
import { executeDirectReply, refreshRecentReplies } from '@web/features/scheduler-test/api/admin-tests';
import { checkDirect, directPayload, type DirectForm } from '@web/features/scheduler-test/form-rules';
import { TEST_MESSAGES as M } from '@web/features/scheduler-test/messages';
import { reportFailure, reportReply, type AuthTrouble } from '@web/features/scheduler-test/outcome';
import { AccountFields } from './account-fields';

type Props = { targets: readonly TargetAccount[]; accounts: readonly XAccount[]; onAuthFailure: (t: AuthTrouble) => void; onSent: () => void };

const initial: DirectForm = { accountId: '', connectedAccountId: '', postId: '', content: '', useAi: false, viralStyle: DEFAULT_DIRECT_REPLY_STYLE };

export function DirectReplyTab({ targets, accounts, onAuthFailure, onSent }: Props) {
  const [form, setForm] = useState<DirectForm>(initial);
  const [v2, setV2] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  // A single connected account is preselected (spec part 2 §4), once the list has loaded.
  const only = accounts.length === 1 ? accounts[0]?.id : undefined;
  useEffect(() => {
    if (only) setForm((f) => (f.connectedAccountId === '' ? { ...f, connectedAccountId: only } : f));
  }, [only]);
  const change = (c: Partial<DirectForm>) => {
    setForm((f) => ({ ...f, ...c }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(c).map((k) => [k, undefined])) }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkDirect(form, v2);
    if (problem) {
      setErrors({ [problem.field]: problem.description });
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const reply = await executeDirectReply(directPayload(form, v2), v2);
      reportReply(reply, 'Direct reply executed', onAuthFailure);
      setForm((f) => ({ ...f, postId: '', content: '' }));
      onSent();
    } catch (err) {
      reportFailure(err, v2 ? M.executeFailedV2 : M.executeFailed, form.connectedAccountId || undefined, onAuthFailure);
    } finally {
      setBusy(false);
      void refreshRecentReplies();
      void refreshReplies();
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Send a direct reply</CardTitle>
        <CardDescription>Replies to one post now, from one of your connected accounts. X decides whether the API may post it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid max-w-2xl gap-4" aria-label="Direct reply" noValidate>
          <div className="flex items-center gap-2">
            <Switch id="dr-v2" checked={v2} onCheckedChange={setV2} />
            <Label htmlFor="dr-v2">Use the V2 call</Label>
          </div>
          <AccountFields
            idPrefix="dr"
            targets={targets}
            accounts={accounts}
            accountId={form.accountId}
            connectedAccountId={form.connectedAccountId}
            onChange={change}
            errors={errors}
            targetLabel="Target account"
            connectedLabel="Post from"
          />
          <Field id="dr-post" label="Post ID" error={errors.postId} hint="The id of the post on X, or a link to it.">
            <Input id="dr-post" inputMode="text" autoComplete="off" value={form.postId} onChange={(e) => change({ postId: e.target.value })} {...invalidProps('dr-post', errors.postId)} />
          </Field>
          <div className="flex items-center gap-2">
            <Switch id="dr-ai" checked={form.useAi} onCheckedChange={(on) => change({ useAi: on })} />
            <Label htmlFor="dr-ai">Generate with AI</Label>
          </div>
          {form.useAi && (
            <Field id="dr-style" label="Viral style">
              <StyleSelect id="dr-style" styles={DIRECT_REPLY_STYLES} value={form.viralStyle as DirectReplyStyle} onChange={(s) => change({ viralStyle: s })} />
            </Field>
          )}
          <Field id="dr-content" label={form.useAi ? 'Text for the AI to rewrite (optional)' : 'Reply content'} error={errors.content} hint={v2 && !form.useAi ? 'Left empty, the V2 call sends a default test text.' : undefined}>
            <Textarea id="dr-content" rows={4} value={form.content} onChange={(e) => change({ content: e.target.value })} {...invalidProps('dr-content', errors.content)} />
          </Field>
          <Button type="submit" disabled={busy} className="justify-self-start">
            <Send />
            {busy ? 'Sending...' : 'Send Direct Reply'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
