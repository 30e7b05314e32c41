// The connected-accounts feature's public surface: the list answer of GET /api/x/accounts, which
// the schedule forms read too (who posts), under the same swr key.
export { X_ACCOUNTS_KEY, type ConnectedAccount, type ConnectedAccountsAnswer } from './api/x-accounts';
