import { describe, expect, it } from 'vitest';
import type { XApiAccess, XDeliveryMode } from '@core/x';
import { chooseDelivery, DELIVERY_SENTENCES, deliveryPromise } from './delivery';

const SETTINGS: XDeliveryMode[] = ['auto', 'direct', 'assisted'];
const ACCESS: XApiAccess[] = ['self_serve', 'enterprise'];

describe('deliveryPromise', () => {
  it('says what the dispatcher does on each installation', () => {
    expect(deliveryPromise('auto', 'self_serve')).toEqual({ reach: 'some', sentence: DELIVERY_SENTENCES.summoned });
    expect(deliveryPromise('auto', 'enterprise')).toEqual({ reach: 'some', sentence: DELIVERY_SENTENCES.limited });
    expect(deliveryPromise('direct', 'self_serve').reach).toBe('all');
    expect(deliveryPromise('assisted', 'enterprise').reach).toBe('none');
  });

  it.each(SETTINGS.flatMap((s) => ACCESS.map((a) => [s, a] as const)))('never claims more than chooseDelivery keeps (%s, %s)', (setting, access) => {
    const modes = ([true, false, 'unknown'] as const).map((summoned) => chooseDelivery({ setting, access, summoned }).mode);
    const { reach, sentence } = deliveryPromise(setting, access);
    expect(reach === 'all').toBe(modes.every((m) => m === 'direct'));
    expect(reach === 'none').toBe(modes.every((m) => m === 'assisted'));
    // "by themselves" without an exception only where every reply is direct.
    if (reach !== 'all') expect(sentence).toMatch(/one tap/);
  });
});
