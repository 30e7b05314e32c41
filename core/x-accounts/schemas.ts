/** Bodies of the connection calls (spec part 2 §5 'Connection'), shared by the API and the web forms. */
import { z } from 'zod';
import { X_ACCOUNT_MESSAGES } from './messages';

const pin = z
  .string({ error: X_ACCOUNT_MESSAGES.pinRequired })
  .trim()
  .min(1, X_ACCOUNT_MESSAGES.pinRequired)
  .max(32, 'The PIN is too long');

export const verifyPinSchema = z.object({
  token: z.string({ error: X_ACCOUNT_MESSAGES.requestExpired }).min(1, X_ACCOUNT_MESSAGES.requestExpired).max(200),
  pinCode: pin,
});

export const reconnectPinSchema = z.object({
  accountId: z.string({ error: X_ACCOUNT_MESSAGES.notFound }).min(1, X_ACCOUNT_MESSAGES.notFound).max(64),
  pinCode: pin,
  /** Optional: the token of GET /api/x/auth/reconnect/{id}; without it the latest reconnect of the account is used. */
  token: z.string().max(200).optional(),
});

export const testTweetSchema = z.object({
  connectedAccountId: z.string({ error: X_ACCOUNT_MESSAGES.notFound }).min(1, X_ACCOUNT_MESSAGES.notFound).max(64),
  content: z.string({ error: X_ACCOUNT_MESSAGES.tweetContentRequired }).trim().min(1, X_ACCOUNT_MESSAGES.tweetContentRequired).max(25_000, X_ACCOUNT_MESSAGES.tweetContentTooLong),
});
