// The connected-accounts feature's public surface: the list answer of GET /api/x/accounts, which
// the schedule forms read too (who posts), under the same swr key; and the reconnect calls the
// admin's scheduler test uses to refresh an account's X token.
export {
  X_ACCOUNTS_KEY,
  authStatus,
  refreshAccounts,
  startDirectReconnect,
  type AuthStart,
  type ConnectedAccount,
  type ConnectedAccountsAnswer,
} from './api/x-accounts';
