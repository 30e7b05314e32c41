/**
 * Uniqueness (usernames, e-mails, X accounts) without a unique index: one reservation stream per
 * value, e.g. `reservation-username-alice`. The first reservation appends with 'no_stream', so of two
 * racing writers exactly one wins on every store; a released value is taken again by appending at
 * the exact revision that was read. The loser sees ReservationTakenError (a typed rejection).
 *
 * Values are compared trimmed and lower-cased ('Alice ' and 'alice' are the same username).
 */
import { AppError } from '@core/shared/errors';
import { assertNever, fold, type Decider } from '@core/shared/decider';
import { handleCommand } from './command-handler';
import type { EventMetadata, EventStore, Position, StreamName } from './types';

export type ReservationEvent =
  | { type: 'ReservationMade'; data: { kind: string; value: string; ownerId: string } }
  | { type: 'ReservationReleased'; data: { ownerId: string } };

export type ReservationCommand =
  | { type: 'Reserve'; kind: string; value: string; ownerId: string }
  | { type: 'Release'; ownerId: string };

export type ReservationState = { status: 'free' } | { status: 'held'; ownerId: string; value: string };

export const RESERVATION_TAKEN = 'RESERVATION_TAKEN';

export class ReservationTakenError extends AppError {
  readonly kind: string;
  readonly value: string;
  readonly ownerId: string;

  constructor(kind: string, value: string, ownerId: string) {
    super('conflict', `That ${kind} is already taken`, { field: kind, reason: RESERVATION_TAKEN });
    this.name = 'ReservationTakenError';
    this.kind = kind;
    this.value = value;
    this.ownerId = ownerId;
  }
}

export const isReservationTaken = (e: unknown): e is ReservationTakenError => e instanceof ReservationTakenError;

export const normalizeReservedValue = (value: string): string => value.trim().toLowerCase();

export const reservationStream = (kind: string, value: string): StreamName => {
  const normalized = normalizeReservedValue(value);
  if (!/^[a-z][a-z0-9_]*$/.test(kind)) throw new AppError('internal', `Bad reservation kind '${kind}'`);
  if (normalized === '') throw new AppError('validation', `The ${kind} is empty`, { field: kind });
  return `reservation-${kind}-${normalized}`;
};

export const reservationDecider: Decider<ReservationCommand, ReservationEvent, ReservationState> = {
  initialState: () => ({ status: 'free' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReservationMade':
        return { status: 'held', ownerId: event.data.ownerId, value: event.data.value };
      case 'ReservationReleased':
        return { status: 'free' };
      default:
        return state; // events of a newer version are ignored, not fatal
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Reserve': {
        if (state.status === 'free') {
          const data = { kind: command.kind, value: normalizeReservedValue(command.value), ownerId: command.ownerId };
          return [{ type: 'ReservationMade', data }];
        }
        if (state.ownerId === command.ownerId) return []; // already yours: nothing to do
        throw new ReservationTakenError(command.kind, state.value, state.ownerId);
      }
      case 'Release': {
        if (state.status === 'free') return [];
        if (state.ownerId !== command.ownerId) {
          throw new AppError('forbidden', 'Only the owner of a reservation may release it', { reason: 'NOT_OWNER' });
        }
        return [{ type: 'ReservationReleased', data: { ownerId: command.ownerId } }];
      }
      default:
        return assertNever(command, 'reservation command');
    }
  },
};

export interface ReservationRequest {
  kind: string;
  value: string;
  ownerId: string;
}

export interface ReservationContext {
  metadata: EventMetadata;
  newId: () => string;
}

export interface ReservationOutcome {
  stream: StreamName;
  /** False when nothing had to change (already yours, or already free). */
  changed: boolean;
  /** Where the change was written (null when nothing changed). */
  position: Position | null;
}

/** Reserve a value for an owner; throws ReservationTakenError when someone else holds it. */
export const reserve = async (
  store: EventStore,
  request: ReservationRequest,
  context: ReservationContext,
): Promise<ReservationOutcome> => {
  const stream = reservationStream(request.kind, request.value);
  const command: ReservationCommand = { type: 'Reserve', ...request };
  const result = await handleCommand(store, stream, reservationDecider, command, context);
  return { stream, changed: result.events.length > 0, position: result.position };
};

/** Give a value back so someone else may take it; releasing a free value does nothing. */
export const release = async (
  store: EventStore,
  request: ReservationRequest,
  context: ReservationContext,
): Promise<ReservationOutcome> => {
  const stream = reservationStream(request.kind, request.value);
  const command: ReservationCommand = { type: 'Release', ownerId: request.ownerId };
  const result = await handleCommand(store, stream, reservationDecider, command, context);
  return { stream, changed: result.events.length > 0, position: result.position };
};

/** Who holds a value, and since when (ms, the last change's time); null while it is free. */
export const reservationHolder = async (store: EventStore, kind: string, value: string): Promise<{ ownerId: string; since: number } | null> => {
  const events = await store.readStream(reservationStream(kind, value));
  const state = fold(reservationDecider, events.map((e) => ({ type: e.type, data: e.data }) as ReservationEvent));
  if (state.status !== 'held') return null;
  const last = events.at(-1);
  return { ownerId: state.ownerId, since: last === undefined ? 0 : Date.parse(last.metadata.time) };
};
