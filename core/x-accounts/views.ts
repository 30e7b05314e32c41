// What the API answers for a connected X account (spec part 2 §7 'Connected accounts'), as the
// server's read queries build it (adapters/read-models/x-accounts.ts).

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
  usedInSchedules: boolean;
  schedulesCount: number;
  createdAt: string;
}
