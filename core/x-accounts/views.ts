// What the API answers for a connected X account (spec part 2 §7 'Connected accounts'), as the
// server's read queries build it (adapters/read-models/x-accounts.ts).
import type { XSubscriptionType } from '@core/x';

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
