/**
 * X for an installation: the twitter-api-v2 adapter, talking to X when credentials are configured,
 * else to the bundled emulator (sandbox mode: shown as 'Sandbox X'). A process opens it with
 * `openX` (./open.ts).
 */
export { createXClient, xPostWindow } from './client';
export { xEnvSchema, isSandbox } from './config';
export type { XClientConfig, XEnv } from './config';
export { toXAnswer } from './answers';
export { redirectingAgent, browserUrl, X_API_ORIGIN } from './transport';
export { openX, XSandboxUnreachable, SANDBOX_NEEDS_URL, type OpenedX, type OpenXOptions } from './open';
