/** Secrets at rest: AES-256-GCM bound to their row, per-account data keys that can be destroyed, a rotating keyring. */
export { createTokenCipher, tokenKey, tokenKeyId, TokenDecryptError } from './cipher';
export type { TokenBinding, TokenCipher, TokenDecryptFailure, TokenKey, TokenKeyring } from './cipher';
export { loadOrCreateTokenKeyFile, tokenEnvSchema, tokenKeyringFrom, TOKEN_KEY_FILE } from './keyring';
export type { KeyFile, KeyringSource, TokenEnv } from './keyring';
export { createTokenVault, DATA_KEYS_FILE, openDataKeyStore } from './data-keys';
export type { DataKeyStore, TokenVault } from './data-keys';
export { openXTokens, tokenBinding } from './x-tokens';
export type { XTokenField } from './x-tokens';
