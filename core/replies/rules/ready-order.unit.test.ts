import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MonitoringTier } from '@core/monitoring/tiers';
import { readyOrder } from './ready-order';

const item = (id: string, accountId: string, postCreatedAt: string | null, createdAt = '2026-12-01T10:00:00.000Z') => ({ id, accountId, postCreatedAt, createdAt });
const tiers: Record<string, MonitoringTier> = { big: 'high', mid: 'standard', small: 'low' };
const tierOf = (id: string) => tiers[id] ?? null;

describe('the ready queue’s order', () => {
  it('puts the widest reach first, then the freshest post', () => {
    const order = readyOrder(
      [
        item('a', 'small', '2026-12-01T10:59:00.000Z'),
        item('b', 'mid', '2026-12-01T10:10:00.000Z'),
        item('c', 'big', '2026-12-01T10:00:00.000Z'),
        item('d', 'mid', '2026-12-01T10:50:00.000Z'),
        item('e', 'gone', '2026-12-01T11:00:00.000Z'),
      ],
      tierOf,
    );
    expect(order.map((i) => i.id)).toEqual(['c', 'd', 'b', 'a', 'e']);
  });
  it('uses the reply’s own time when the post’s was not recorded', () => {
    const order = readyOrder([item('old', 'mid', null, '2026-12-01T09:00:00.000Z'), item('new', 'mid', '2026-12-01T10:00:00.000Z')], tierOf);
    expect(order.map((i) => i.id)).toEqual(['new', 'old']);
  });
  it('gives one order whatever order the items came in, and keeps every item', () => {
    const anItem = fc.record({
      id: fc.uuid(),
      accountId: fc.constantFrom('big', 'mid', 'small', 'gone'),
      postCreatedAt: fc.option(fc.integer({ min: 0, max: 86_400_000 }).map((ms) => new Date(Date.parse('2026-12-01T00:00:00.000Z') + ms).toISOString())),
      createdAt: fc.constant('2026-12-01T00:00:00.000Z'),
    });
    fc.assert(
      fc.property(fc.uniqueArray(anItem, { selector: (i) => i.id, maxLength: 30 }), (items) => {
        const once = readyOrder(items, tierOf);
        expect(readyOrder([...items].reverse(), tierOf)).toEqual(once);
        expect(once.map((i) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
      }),
    );
  });
});
