import { describe, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { legacySlotsDecider, type LegacySlotsEvent } from './legacy-slots';
import { ACCOUNT_MESSAGES } from './schemas';

const spec = deciderSpec(legacySlotsDecider);
const taken = (accountId: string): LegacySlotsEvent => ({ type: 'LegacySlotTaken', data: { userId: 'u1', accountId } });
const freed = (accountId: string): LegacySlotsEvent => ({ type: 'LegacySlotFreed', data: { userId: 'u1', accountId } });
const take = (accountId: string) => ({ type: 'TakeLegacySlot' as const, userId: 'u1', accountId });
const free = (accountId: string) => ({ type: 'FreeLegacySlot' as const, userId: 'u1', accountId });

describe('legacy slots', () => {
  it('gives up to 3 slots', () => {
    spec.given().when(take('a')).then([taken('a')]);
    spec.given(taken('a'), taken('b')).when(take('c')).then([taken('c')]);
  });

  it('refuses a fourth with the spec message, until one is freed', () => {
    spec.given(taken('a'), taken('b'), taken('c')).when(take('d')).thenRefuses('conflict', ACCOUNT_MESSAGES.legacyLimit);
    spec.given(taken('a'), taken('b'), taken('c'), freed('b')).when(take('d')).then([taken('d')]);
  });

  it('stays quiet when the slot is already held, or freeing one not held', () => {
    spec.given(taken('a'), taken('b'), taken('c')).when(take('a')).thenNothing();
    spec.given(taken('a')).when(free('z')).thenNothing();
    spec.given(taken('a')).when(free('a')).then([freed('a')]);
  });
});
