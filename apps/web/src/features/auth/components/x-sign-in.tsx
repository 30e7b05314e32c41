import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { startXLogin, type XDiagnostics } from '@web/features/auth/api/x-login';

function XGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className="size-4 fill-current">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

function yesNo(v: boolean | undefined): string {
  return v === undefined ? 'unknown' : v ? 'yes' : 'no';
}

export function XSignIn() {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ lines: string[]; diagnostics: XDiagnostics | null } | null>(null);

  async function onClick() {
    setPending(true);
    setFailure(null);
    const result = await startXLogin();
    if (result.ok) {
      window.location.assign(result.url);
      return;
    }
    setPending(false);
    setFailure(result);
    toast({ title: 'Authentication failed', description: result.lines[0], variant: 'destructive' });
  }

  return (
    <div className="grid gap-3">
      <Button onClick={onClick} disabled={pending} size="lg" className="w-full bg-slate-950 text-white hover:bg-slate-800">
        {pending ? <Spinner /> : <XGlyph />}
        Sign in with X
      </Button>
      {failure && (
        <Alert variant="destructive" data-testid="x-login-diagnostics">
          <AlertTriangle />
          <AlertTitle>{failure.lines[0]}</AlertTitle>
          <AlertDescription>
            {failure.lines.slice(1).map((l) => (
              <p key={l}>{l}</p>
            ))}
            {failure.diagnostics && (
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 font-mono text-xs">
                <dt>Host</dt>
                <dd className="break-all">{failure.diagnostics.host ?? 'unknown'}</dd>
                <dt>Protocol</dt>
                <dd>{failure.diagnostics.protocol ?? 'unknown'}</dd>
                <dt>API key present</dt>
                <dd>{yesNo(failure.diagnostics.xAPIKeyPresent)}</dd>
                <dt>API secret present</dt>
                <dd>{yesNo(failure.diagnostics.xAPISecretPresent)}</dd>
                {failure.diagnostics.errorMessage && (
                  <>
                    <dt>Error</dt>
                    <dd className="break-words">{failure.diagnostics.errorMessage}</dd>
                  </>
                )}
              </dl>
            )}
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
