/**
 * What a token may do, on top of what its user may do (the same checks as a session run after
 * this): every token reads; unsafe methods need `write`; admin routes need `admin` (and the user
 * must still be an admin, which the session's own check decides).
 */
import type { TokenScope } from './schemas';

export type ScopeRefusal = 'write' | 'admin';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export const missingScope = (scopes: readonly TokenScope[], request: { method: string; adminRoute: boolean }): ScopeRefusal | null => {
  if (request.adminRoute && !scopes.includes('admin')) return 'admin';
  if (!SAFE.has(request.method) && !scopes.includes('write')) return 'write';
  return null;
};

export const SCOPE_MESSAGES: Record<ScopeRefusal, string> = {
  write: "This token may only read; the call needs the 'write' scope",
  admin: "This call needs a token with the 'admin' scope",
};
