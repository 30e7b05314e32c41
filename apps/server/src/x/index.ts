/** What the X routes are given (AppDeps.x): the app client, the services, the OAuth requests in flight. */
import type { TokenCipher } from '@adapters/crypto-tokens';
import type { XAppClient } from '@core/x';
import type { XAccountsService } from './accounts-service';
import type { PendingRequests } from './pending';
import type { XSignIn } from './sign-in-users';

export interface XDeps {
  /** Null when real X is asked for but RIPOSTE_X_API_KEY / _SECRET are missing: X calls answer 503. */
  app: XAppClient | null;
  /** True when the bundled emulator stands in for X (the UI shows 'Sandbox X'). */
  sandbox: boolean;
  credentials: { apiKey: boolean; apiSecret: boolean };
  accounts: XAccountsService;
  signIn: XSignIn;
  pending: PendingRequests;
  /** Seals X tokens at rest (AES-256-GCM bound to user, account and field). */
  cipher: TokenCipher;
}

export { createXAccountsService, type XAccountsService } from './accounts-service';
export { createPendingRequests, PENDING_TTL_MS, type PendingLimits, type PendingRequests } from './pending';
export { createXSignIn, type XSignIn } from './sign-in-users';
