/** Secrets at rest: AES-256-GCM bound to their row, with a rotating keyring. */
export { createTokenCipher, tokenKey, tokenKeyId, TokenDecryptError } from './cipher';
export type { TokenBinding, TokenCipher, TokenDecryptFailure, TokenKey, TokenKeyring } from './cipher';
export { loadOrCreateTokenKeyFile, tokenEnvSchema, tokenKeyringFrom, TOKEN_KEY_FILE } from './keyring';
export type { KeyFile, KeyringSource, TokenEnv } from './keyring';
