// The X contract against api.x.com itself. It needs an app and a user's tokens:
//   RIPOSTE_X_TEST_API_KEY, RIPOSTE_X_TEST_API_SECRET            the app (consumer) key and secret
//   RIPOSTE_X_TEST_ACCESS_TOKEN, RIPOSTE_X_TEST_ACCESS_SECRET    a user's OAuth 1.0a tokens
//   RIPOSTE_X_TEST_ACCOUNT (optional, default XDevelopers)      a public account with recent posts
//   RIPOSTE_X_TEST_ALLOW_POSTS=true (optional)                   also post (publicly!) as that user
// Without them the suite is skipped, and says so.
import { describe, it } from 'vitest';
import { createXClient } from '@adapters/x-twitter';
import { xContract } from './x.contract';

const env = process.env;
const missing = ['RIPOSTE_X_TEST_API_KEY', 'RIPOSTE_X_TEST_API_SECRET', 'RIPOSTE_X_TEST_ACCESS_TOKEN', 'RIPOSTE_X_TEST_ACCESS_SECRET'].filter((name) => !env[name]);

if (missing.length > 0) {
  const reason = `X contract against real X skipped: ${missing.join(', ')} not set (see tests/contracts/x.real.int.test.ts)`;
  console.warn(reason);
  describe('X contract: twitter-api-v2 adapter against api.x.com', () => {
    it.skip(reason, () => {});
  });
} else {
  xContract('twitter-api-v2 adapter against api.x.com', { emulated: false, allowPosts: env.RIPOSTE_X_TEST_ALLOW_POSTS === 'true' }, async () => {
    const client = createXClient({
      consumerKey: env.RIPOSTE_X_TEST_API_KEY ?? '',
      consumerSecret: env.RIPOSTE_X_TEST_API_SECRET ?? '',
      ...(env.RIPOSTE_X_TEST_BEARER_TOKEN ? { bearerToken: env.RIPOSTE_X_TEST_BEARER_TOKEN } : {}),
      timeoutMs: 20_000,
    });
    const tokens = { accessToken: env.RIPOSTE_X_TEST_ACCESS_TOKEN ?? '', accessSecret: env.RIPOSTE_X_TEST_ACCESS_SECRET ?? '' };
    const me = await client.asUser(tokens).me();
    return {
      client,
      knownAccount: env.RIPOSTE_X_TEST_ACCOUNT ?? 'XDevelopers',
      user: async () => ({ tokens, userId: me.id, username: me.username }),
      teardown: async () => {},
    };
  });
}
