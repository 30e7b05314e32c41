// API tokens: personal access tokens for scripts and the `riposte` CLI (docs/api.md). Name, scopes
// (read / write / admin for admins), expiry; the secret is shown once after creating; each token
// shows when it was last used and may be revoked. A token is a way into the account: making one
// asks for the current password (an account made through X: a sign-in with X in the last 10
// minutes), and a new or reset password revokes them all.
import { useState, type FormEvent } from 'react';
import { TOKEN_SCOPES, tokenInputSchema, type TokenScope } from '@core/tokens';
import { Field, invalidProps } from '@web/components/field';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { ApiError, errorMessage } from '@web/lib/api';
import { createToken, revokeToken, useTokens } from '@web/features/settings/api/tokens';
import { Section } from './section';

const EXPIRIES: { label: string; days: number | null }[] = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '1 year', days: 365 },
  { label: 'Never', days: null },
];

const SCOPE_HINTS: Record<TokenScope, string> = {
  read: 'Read your schedules, templates, accounts and replies',
  write: 'Create, change and delete them',
  admin: 'Admin tools (only while you are an admin)',
};

const when = (iso: string | null) => (iso === null ? 'Never' : new Date(iso).toLocaleString());

export function TokensSection({ isAdmin, hasPassword }: { isAdmin: boolean; hasPassword: boolean }) {
  const { data: tokens } = useTokens();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [expiry, setExpiry] = useState('30');
  const [currentPassword, setCurrentPassword] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = { name, scopes, expiresInDays: expiry === 'never' ? null : Number(expiry) };
    const parsed = tokenInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Invalid input' });
      return;
    }
    setBusy(true);
    try {
      const made = await createToken({ ...parsed.data, ...(hasPassword ? { currentPassword } : {}) });
      setSecret(made.secret);
      setName('');
      setCurrentPassword('');
      setError(null);
    } catch (err) {
      setError({ ...(err instanceof ApiError && err.field ? { field: err.field.split('.')[0] } : {}), message: errorMessage(err, 'Please try again') });
    } finally {
      setBusy(false);
    }
  }

  async function onRevoke(id: string, tokenName: string) {
    try {
      await revokeToken(id);
      toast({ title: 'Token revoked', description: `'${tokenName}' no longer works.` });
    } catch (err) {
      toast({ title: 'Failed to revoke the token', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
    }
  }

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const offered = TOKEN_SCOPES.filter((s) => s !== 'admin' || isAdmin);

  return (
    <Section id="api-tokens" title="API tokens" description="Personal access tokens for scripts and the riposte command line. A token acts as you, within its scopes, but can never change your password, e-mail or tokens. Changing or resetting your password revokes every token.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create an API token">
        <Field id="token-name" label="Name" error={fieldError('name')}>
          <Input id="token-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} {...invalidProps('token-name', fieldError('name'))} />
        </Field>
        <fieldset className="grid gap-2" aria-describedby={fieldError('scopes') ? 'token-scopes-error' : undefined}>
          <legend className="text-sm font-medium">Scopes</legend>
          {offered.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={scopes.includes(scope)}
                onCheckedChange={(on) => setScopes((s) => (on === true ? [...s, scope] : s.filter((x) => x !== scope)))}
                aria-label={scope}
              />
              <span className="font-medium">{scope}</span>
              <span className="text-muted-foreground">{SCOPE_HINTS[scope]}</span>
            </label>
          ))}
          {fieldError('scopes') && (
            <p id="token-scopes-error" role="alert" className="text-sm text-destructive">
              {fieldError('scopes')}
            </p>
          )}
        </fieldset>
        <Field id="token-expiry" label="Expires after" error={fieldError('expiresInDays')}>
          <select id="token-expiry" className="h-9 rounded-md border border-input bg-card px-3 text-sm" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            {EXPIRIES.map((x) => (
              <option key={x.label} value={x.days === null ? 'never' : String(x.days)}>
                {x.label}
              </option>
            ))}
          </select>
        </Field>
        {hasPassword && (
          <Field id="token-current-password" label="Current password" error={fieldError('currentPassword')} hint="Needed to make a token.">
            <Input
              id="token-current-password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              {...invalidProps('token-current-password', fieldError('currentPassword'))}
            />
          </Field>
        )}
        {error && !['name', 'scopes', 'expiresInDays', 'currentPassword'].includes(error.field ?? '') && (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        )}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create token'}
          </Button>
        </div>
      </form>
      {secret && (
        <div role="status" className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3" data-testid="new-token">
          <p className="text-sm font-medium">Copy your new token now. It will not be shown again.</p>
          <code className="break-all text-sm" data-testid="new-token-secret">
            {secret}
          </code>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => void navigator.clipboard?.writeText(secret)}>
              Copy
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setSecret(null)}>
              Done
            </Button>
          </div>
        </div>
      )}
      {tokens && tokens.length > 0 && (
        <ul className="grid gap-2" aria-label="Your API tokens">
          {tokens.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm">
              <div className="grid gap-0.5">
                <span className="font-medium">
                  {t.name} <code className="text-muted-foreground">{t.prefix}…</code>
                </span>
                <span className="text-muted-foreground">
                  {t.scopes.join(', ')} · {t.status === 'active' ? `expires ${t.expiresAt === null ? 'never' : when(t.expiresAt)}` : t.status} · last used {when(t.lastUsedAt)}
                </span>
              </div>
              {t.status === 'active' && (
                <Button type="button" variant="outline" size="sm" onClick={() => void onRevoke(t.id, t.name)} aria-label={`Revoke ${t.name}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
