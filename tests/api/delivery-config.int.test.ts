/**
 * GET /api/config says which replies go out by themselves, from the dispatcher's own rule
 * (core/replies/rules/delivery.ts deliveryPromise over chooseDelivery), for both X access levels.
 */
import { describe, expect, it } from 'vitest';
import { DELIVERY_SENTENCES } from '@core/replies/rules/delivery';
import { startTestServer } from './support';

type Config = { delivery?: { setting: string; access: string; reach: string; sentence: string } };

describe('GET /api/config delivery', () => {
  it.each([
    [{}, { setting: 'auto', access: 'self_serve', reach: 'some', sentence: DELIVERY_SENTENCES.summoned }],
    [{ RIPOSTE_X_ACCESS: 'enterprise' }, { setting: 'auto', access: 'enterprise', reach: 'some', sentence: DELIVERY_SENTENCES.limited }],
    [{ RIPOSTE_X_DELIVERY: 'assisted' }, { setting: 'assisted', access: 'self_serve', reach: 'none', sentence: DELIVERY_SENTENCES.none }],
  ])('%j', async (env, expected) => {
    const server = await startTestServer(env as Record<string, string>);
    try {
      const config = (await server.client().get('/api/config')).body as Config;
      expect(config.delivery).toEqual(expected);
    } finally {
      await server.close();
    }
  });
});
