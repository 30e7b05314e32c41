/**
 * The credentials check of spec part 2 §3 (admin credentials card, GET /api/x/auth/credentials-check
 * and /api/x/test-credentials): two live tests against X, a request token (can a sign-in link be
 * made?) and an app-only call (can the app read X without a user?), summed up in one status.
 */
import type { TwitterApi, TwitterApiReadOnly } from 'twitter-api-v2';
import { classifyXAnswer, type XCredentialsStatus, type XOutcome } from '@core/x';
import { toXAnswer } from './answers';
import type { XClientConfig } from './config';

const PORTAL = 'https://developer.x.com/en/portal/dashboard';

const failureOf = (error: unknown): XOutcome => classifyXAnswer(toXAnswer(error), 'auth');

export const checkCredentials = async (
  config: XClientConfig,
  clients: { app: () => TwitterApi; appOnly: () => Promise<TwitterApiReadOnly> },
): Promise<XCredentialsStatus> => {
  const base = {
    sandbox: config.sandbox ?? false,
    credentials: {
      apiKey: config.consumerKey.trim() !== '',
      apiSecret: config.consumerSecret.trim() !== '',
      clientId: false,
      clientSecret: false,
      bearerToken: (config.bearerToken ?? '').trim() !== '',
    },
  };
  if (!base.credentials.apiKey || !base.credentials.apiSecret) {
    return {
      ...base,
      status: 'incomplete',
      message: 'X API key and secret are not configured',
      possibleSolution: 'Set RIPOSTE_X_API_KEY and RIPOSTE_X_API_SECRET (Keys and tokens, Consumer Keys, in the X developer portal), or leave both unset for sandbox mode.',
      tests: { generateAuthLink: false, bearerTokenAccess: false },
    };
  }

  let linkFailure: XOutcome | undefined;
  try {
    await clients.app().generateAuthLink('oob', { linkMode: 'authorize' });
  } catch (error) {
    linkFailure = failureOf(error);
  }
  let bearerFailure: XOutcome | undefined;
  try {
    await (await clients.appOnly()).v2.userByUsername('XDevelopers');
  } catch (error) {
    bearerFailure = failureOf(error);
  }
  const tests = { generateAuthLink: linkFailure === undefined, bearerTokenAccess: bearerFailure === undefined };
  const bearerError = bearerFailure ? { bearerError: bearerFailure.detail ?? bearerFailure.message } : {};
  const where = config.sandbox ? 'Sandbox X (the bundled emulator)' : 'X';

  if (!linkFailure && !bearerFailure) return { ...base, status: 'success', message: `${where} accepted the app's credentials`, tests };
  if (!linkFailure) {
    return {
      ...base,
      ...bearerError,
      status: 'partial',
      message: `Sign-in with ${where} works, but app-only reads failed`,
      possibleSolution: base.credentials.bearerToken
        ? 'Check RIPOSTE_X_BEARER_TOKEN, or remove it to let Riposte obtain one from the key and secret.'
        : `Check that the app's project has access to the X API v2 read endpoints (${PORTAL}).`,
      tests,
    };
  }
  const refused = linkFailure.kind === 'auth_failed' || linkFailure.kind === 'insufficient_permissions';
  return {
    ...base,
    ...bearerError,
    status: refused ? 'failed' : 'error',
    message: refused ? `${where} refused the app's credentials` : `${where} could not be reached to check the credentials`,
    error: linkFailure.detail ?? linkFailure.message,
    possibleSolution: refused
      ? `Regenerate the Consumer Keys in the developer portal (${PORTAL}), update RIPOSTE_X_API_KEY and RIPOSTE_X_API_SECRET, and check that OAuth 1.0a is enabled with Read and write permission.`
      : 'Check the network connection to api.x.com and try again.',
    tests,
  };
};
