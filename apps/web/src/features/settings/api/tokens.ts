// Settings → API tokens: the caller's personal access tokens (/api/tokens). The secret comes back
// once, in the create answer; the list never holds it.
import useSWR, { mutate } from 'swr';
import type { TokenInput, TokenView } from '@core/tokens';
import { apiRequest } from '@web/lib/api';

export const TOKENS_KEY = '/api/tokens';

export const useTokens = () => useSWR<TokenView[], Error>(TOKENS_KEY);

/** Creates a token; throws the server's error (with its field) for the form. */
export async function createToken(input: TokenInput & { currentPassword?: string }): Promise<TokenView & { secret: string }> {
  const made = await apiRequest<TokenView & { secret: string }>('POST', TOKENS_KEY, input);
  await mutate(TOKENS_KEY);
  return made;
}

export async function revokeToken(id: string): Promise<void> {
  await apiRequest('DELETE', `${TOKENS_KEY}/${encodeURIComponent(id)}`);
  await mutate(TOKENS_KEY);
}
