// The X contract against the real twitter-api-v2 adapter talking HTTP to the X emulator: the same
// client code that talks to api.x.com, signing every request with OAuth 1.0a.
import { createServer } from 'node:net';
import { startXEmulator } from '@adapters/x-emulator';
import { createXClient } from '@adapters/x-twitter';
import { consentOverHttp } from './x.contract-helpers';
import { xContract } from './x.contract';

/** A port nothing listens on: bind one, then close it. */
const closedPort = async (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

xContract('twitter-api-v2 adapter against the emulator', { emulated: true, allowPosts: true }, async () => {
  const emulator = await startXEmulator({ seed: 42 });
  const base = { consumerKey: emulator.app.consumerKey, consumerSecret: emulator.app.consumerSecret, apiBaseUrl: emulator.url, sandbox: true, timeoutMs: 5000 };
  const client = createXClient(base);
  let people = 0;
  const timeoutMs = 1200;
  return {
    client,
    knownAccount: 'naval',
    consent: consentOverHttp,
    control: emulator.control,
    user: async () => {
      people += 1;
      const start = await client.startAuthorization({ callback: 'oob', linkMode: 'authorize' });
      const { verifier } = await consentOverHttp(start.url, `person_${people}`);
      return client.completeAuthorization({ ...start, verifier });
    },
    variants: {
      wrongSecret: createXClient({ ...base, consumerSecret: 'not-the-secret' }),
      unreachable: createXClient({ ...base, apiBaseUrl: `http://127.0.0.1:${await closedPort()}` }),
      shortTimeout: createXClient({ ...base, timeoutMs }),
      timeoutMs,
    },
    teardown: () => emulator.close(),
  };
});
