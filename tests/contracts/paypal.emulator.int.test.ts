// The PayPal contract against the real adapter (plain fetch on PayPal's REST API) talking HTTP to
// the PayPal emulator.
import { startPayPalEmulator } from '@adapters/paypal-emulator';
import { createPayPalClient } from '@adapters/paypal';
import { paypalContract } from './paypal.contract';

paypalContract('REST adapter against the emulator', async () => {
  const emulator = await startPayPalEmulator();
  const base = { baseUrl: emulator.url, clientId: emulator.clientId, clientSecret: emulator.clientSecret, webhookId: emulator.webhookId, sandbox: true, timeoutMs: 5000 };
  return {
    provider: createPayPalClient(base),
    control: emulator.control,
    variants: { wrongSecret: createPayPalClient({ ...base, clientSecret: 'not-the-secret' }), shortTimeout: createPayPalClient({ ...base, timeoutMs: 500 }) },
    teardown: () => emulator.close(),
  };
});
