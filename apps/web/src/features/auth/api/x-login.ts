// GET /api/x/auth/login (spec part 1 §7): answers the provider URL to navigate to, or an error
// with diagnostics that the login page shows.
import { ApiError, apiGet } from '@web/lib/api';

export type XDiagnostics = {
  host?: string;
  protocol?: string;
  xAPIKeyPresent?: boolean;
  xAPISecretPresent?: boolean;
  errorMessage?: string;
};

type XLoginAnswer = { url?: string; error?: string; message?: string; diagnostics?: XDiagnostics };

export type XLoginResult = { ok: true; url: string } | { ok: false; lines: string[]; diagnostics: XDiagnostics | null; notConfigured: boolean };

export const NOT_CONFIGURED = 'X API credentials not configured';

function failure(status: number, statusText: string, body: XLoginAnswer | undefined): XLoginResult {
  const lines: string[] = [];
  const notConfigured = body?.error === NOT_CONFIGURED || body?.message === NOT_CONFIGURED;
  if (notConfigured) lines.push('Sign in with X is not configured on this server. Please contact the administrator.');
  else if (body?.error || body?.message) lines.push(`Authentication failed: ${body.error ?? body.message}`);
  else lines.push(`Authentication failed: ${status} ${statusText}`.trim());
  if (body?.message && body.message !== body.error && !notConfigured) lines.push(body.message);
  return { ok: false, lines, diagnostics: body?.diagnostics ?? null, notConfigured };
}

export async function startXLogin(): Promise<XLoginResult> {
  try {
    const body = await apiGet<XLoginAnswer>('/api/x/auth/login');
    if (body?.url) return { ok: true, url: body.url };
    return failure(200, 'OK', body ?? undefined);
  } catch (err) {
    if (err instanceof ApiError) {
      const data = typeof err.data === 'object' && err.data !== null ? (err.data as XLoginAnswer) : undefined;
      if (err.status === 0) return { ok: false, lines: [err.message], diagnostics: null, notConfigured: false };
      return failure(err.status, data ? '' : err.message, data);
    }
    return { ok: false, lines: [err instanceof Error ? err.message : String(err)], diagnostics: null, notConfigured: false };
  }
}
