// What the API answers for a connected X account (spec part 2 §7 'Connected accounts'), as the
// server's read queries build it (adapters/read-models/x-accounts.ts).
import { z } from 'zod';
import { describes } from '@core/shared/response-schema';
import { X_SUBSCRIPTION_TYPES, type XSubscriptionType } from '@core/x';

export interface ConnectedAccountView {
  id: string;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
  /** Spec field name as well (the list view names both). */
  profilePicture: string | null;
  isActive: boolean;
  tokenExpiresAt: string | null;
  /** False after X refused the tokens: the UI shows an authentication issue and offers Reconnect. */
  hasSecret: boolean;
  authFailedAt: string | null;
  /** The X subscription read at the last (re)connect; null when X did not say. */
  xSubscription: XSubscriptionType | null;
  /** On a paid X tier: replies may be up to 25,000 characters (the list shows 'X Premium'). */
  xPremium: boolean;
  usedInSchedules: boolean;
  schedulesCount: number;
  createdAt: string;
}

/** A connected account in GET /api/x/accounts (openapi: responds). */
export const connectedAccountViewSchema = describes<ConnectedAccountView>()(
  z.object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    profileImageUrl: z.string().nullable(),
    profilePicture: z.string().nullable(),
    isActive: z.boolean(),
    tokenExpiresAt: z.string().nullable(),
    hasSecret: z.boolean(),
    authFailedAt: z.string().nullable(),
    xSubscription: z.enum(X_SUBSCRIPTION_TYPES).nullable(),
    xPremium: z.boolean(),
    usedInSchedules: z.boolean(),
    schedulesCount: z.number().int(),
    createdAt: z.string(),
  }),
);
