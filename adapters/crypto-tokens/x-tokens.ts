/**
 * How a connected X account's tokens are bound when sealed: to the user, the account and the field,
 * so a sealed token copied to another account's event does not open. The server seals and opens
 * them (connect, disconnect, test post); the scheduler opens them to reply for the account.
 */
import type { TokenBinding, TokenCipher } from './cipher';

export type XTokenField = 'xAccessToken' | 'xAccessSecret';

export const tokenBinding = (userId: string, accountId: string, field: XTokenField): TokenBinding => ({ userId, accountId, field });

/** Opens an account's sealed token pair (throws when its data key is gone or the binding differs). */
export const openXTokens = (
  cipher: Pick<TokenCipher, 'decrypt'>,
  userId: string,
  accountId: string,
  sealed: { accessToken: string; accessSecret: string },
): { accessToken: string; accessSecret: string } => ({
  accessToken: cipher.decrypt(sealed.accessToken, tokenBinding(userId, accountId, 'xAccessToken')),
  accessSecret: cipher.decrypt(sealed.accessSecret, tokenBinding(userId, accountId, 'xAccessSecret')),
});
