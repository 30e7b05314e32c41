// The filtered stream contract against api.x.com. It needs an app whose access includes the
// filtered stream (Pro or Enterprise):
//   RIPOSTE_X_TEST_API_KEY, RIPOSTE_X_TEST_API_SECRET   the app (consumer) key and secret
//   RIPOSTE_X_TEST_BEARER_TOKEN (optional)             else one is obtained from the key and secret
//   RIPOSTE_X_TEST_STREAM_ACCOUNT                      a public account (username) for the test rule
// The test adds a tagged rule and deletes it; it needs the app's one stream connection free.
// Without them the suite is skipped, and says so.
import { describe, it } from 'vitest';
import { createXClient } from '@adapters/x-twitter';
import { xStreamContract } from './x-stream.contract';

const env = process.env;
const missing = ['RIPOSTE_X_TEST_API_KEY', 'RIPOSTE_X_TEST_API_SECRET', 'RIPOSTE_X_TEST_STREAM_ACCOUNT'].filter((name) => !env[name]);

if (missing.length > 0) {
  const reason = `X filtered stream contract against real X skipped: ${missing.join(', ')} not set (see tests/contracts/x-stream.real.int.test.ts)`;
  console.warn(reason);
  describe('X filtered stream contract: twitter-api-v2 adapter against api.x.com', () => {
    it.skip(reason, () => {});
  });
} else {
  xStreamContract('twitter-api-v2 adapter against api.x.com', async () => {
    const client = createXClient({
      consumerKey: env.RIPOSTE_X_TEST_API_KEY ?? '',
      consumerSecret: env.RIPOSTE_X_TEST_API_SECRET ?? '',
      ...(env.RIPOSTE_X_TEST_BEARER_TOKEN ? { bearerToken: env.RIPOSTE_X_TEST_BEARER_TOKEN } : {}),
      timeoutMs: 20_000,
    });
    if (!client.filteredStream) throw new Error('the adapter offers no filtered stream');
    const user = await client.lookupUser(env.RIPOSTE_X_TEST_STREAM_ACCOUNT ?? '');
    if (user === null) throw new Error(`No X user ${env.RIPOSTE_X_TEST_STREAM_ACCOUNT}`);
    return { stream: client.filteredStream, account: { id: user.id, username: user.username }, teardown: async () => {} };
  });
}
