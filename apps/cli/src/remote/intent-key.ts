/**
 * The Idempotency-Key of a create: a hash of what it asks for (the request as canonical JSON), of
 * which kind (the route), for whom (the user) and where (the server). The same command run again
 * sends the same key, and the server answers it with the first run's answer and creates nothing
 * (docs/adr/0012-idempotency-keys.md); a changed request is a new intent with a new key.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '@core/shared/canonical-json';

export const intentKey = (server: string, userId: string, route: string, request: unknown): string =>
  `cli-${createHash('sha256').update(`${server}\u0000${userId}\u0000${route}\u0000${canonicalJson(request)}`).digest('hex')}`;
