/**
 * Legacy mode's cap (spec part 2 §5, §9): a user may hold at most 3 accounts flagged addedByOwner.
 * Counting rows in a read model would let two adds racing both pass; one small stream per user
 * (`monitoring-legacy-slots-{userId}`) appended with the revision that was read makes the cap hold
 * on every store. A slot is taken before the account is added and freed when it is deleted (or
 * when the add fails).
 */
import { AppError } from '@core/shared/errors';
import { assertNever, type Decider } from '@core/shared/decider';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from './schemas';

export const legacySlotsStream = (userId: string): string => `monitoring-legacy-slots-${userId}`;

export type LegacySlotsCommand =
  | { type: 'TakeLegacySlot'; userId: string; accountId: string; max?: number }
  | { type: 'FreeLegacySlot'; userId: string; accountId: string };

export type LegacySlotsEvent =
  | { type: 'LegacySlotTaken'; data: { userId: string; accountId: string } }
  | { type: 'LegacySlotFreed'; data: { userId: string; accountId: string } };

export interface LegacySlotsState {
  /** Accounts holding a slot, oldest first. */
  accountIds: string[];
}

export const LEGACY_LIMIT_REACHED = 'LEGACY_LIMIT_REACHED';

export const legacySlotsDecider: Decider<LegacySlotsCommand, LegacySlotsEvent, LegacySlotsState> = {
  initialState: () => ({ accountIds: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'LegacySlotTaken':
        return state.accountIds.includes(event.data.accountId) ? state : { accountIds: [...state.accountIds, event.data.accountId] };
      case 'LegacySlotFreed':
        return { accountIds: state.accountIds.filter((id) => id !== event.data.accountId) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'TakeLegacySlot': {
        if (state.accountIds.includes(command.accountId)) return [];
        if (state.accountIds.length >= (command.max ?? ACCOUNT_LIMITS.legacyOwnerMax)) {
          throw new AppError('conflict', ACCOUNT_MESSAGES.legacyLimit, { reason: LEGACY_LIMIT_REACHED });
        }
        return [{ type: 'LegacySlotTaken', data: { userId: command.userId, accountId: command.accountId } }];
      }
      case 'FreeLegacySlot':
        return state.accountIds.includes(command.accountId)
          ? [{ type: 'LegacySlotFreed', data: { userId: command.userId, accountId: command.accountId } }]
          : [];
      default:
        return assertNever(command, 'legacy slots command');
    }
  },
};
