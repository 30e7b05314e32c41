// What the API answers for personal access tokens: never the secret or its hash.
import { z } from 'zod';
import { describes } from '@core/shared/response-schema';
import { TOKEN_SCOPES, type TokenScope } from './schemas';

export type TokenStatus = 'active' | 'revoked' | 'expired';

export interface TokenView {
  id: string;
  name: string;
  scopes: TokenScope[];
  /** The first characters of the secret, to recognise it ('rpt_AbC1…'). */
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: TokenStatus;
}

/** The status a list shows, derived in one place from the stored facts and the time of asking. */
export const tokenStatusOf = (t: { revokedAt: string | null; expiresAt: string | null }, now: string): TokenStatus =>
  t.revokedAt !== null ? 'revoked' : t.expiresAt !== null && Date.parse(now) >= Date.parse(t.expiresAt) ? 'expired' : 'active';

/** GET /api/tokens, DELETE /api/tokens/:id, and POST /api/tokens with the secret (openapi: responds). */
export const tokenViewSchema = describes<TokenView>()(
  z.object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(TOKEN_SCOPES)),
    prefix: z.string(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    status: z.enum(['active', 'revoked', 'expired']),
  }),
);
