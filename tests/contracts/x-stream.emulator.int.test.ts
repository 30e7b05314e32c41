// The filtered stream contract against the twitter-api-v2 adapter talking HTTP to the X emulator.
import { startXEmulator } from '@adapters/x-emulator';
import { createXClient } from '@adapters/x-twitter';
import { xStreamContract } from './x-stream.contract';

xStreamContract('twitter-api-v2 adapter against the emulator', async () => {
  const emulator = await startXEmulator({ seed: 7, streamHeartbeatMs: 50 });
  const client = createXClient({ consumerKey: emulator.app.consumerKey, consumerSecret: emulator.app.consumerSecret, apiBaseUrl: emulator.url, sandbox: true, timeoutMs: 5000 });
  if (!client.filteredStream) throw new Error('the adapter offers no filtered stream');
  const account = emulator.control.createUser('contract_watched');
  return {
    stream: client.filteredStream,
    account: { id: account.id, username: account.username },
    emulator: { control: emulator.control, post: (username, text) => emulator.control.post(username, text) },
    teardown: () => emulator.close(),
  };
});
