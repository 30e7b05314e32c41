// The reservation decider, given/when/then over events: it emits, it refuses, it stays quiet.
import { describe, expect, it } from 'vitest';
import { fold } from '@core/shared/decider';
import {
  isReservationTaken,
  reservationDecider,
  reservationStream,
  type ReservationCommand,
  type ReservationEvent,
} from './reservation';

const given = (events: ReservationEvent[]) => ({
  when: (command: ReservationCommand) => reservationDecider.decide(command, fold(reservationDecider, events)),
});
const made = (ownerId: string): ReservationEvent => ({ type: 'ReservationMade', data: { kind: 'username', value: 'alice', ownerId } });
const released = (ownerId: string): ReservationEvent => ({ type: 'ReservationReleased', data: { ownerId } });
const reserve = (ownerId: string): ReservationCommand => ({ type: 'Reserve', kind: 'username', value: ' Alice ', ownerId });

describe('reservation decider', () => {
  it('reserve emits on a free value, stores it normalised, and again after a release', () => {
    expect(given([]).when(reserve('u1'))).toEqual([made('u1')]);
    expect(given([made('u1'), released('u1')]).when(reserve('u2'))).toEqual([made('u2')]);
  });

  it('reserve refuses a value held by someone else, naming the holder', () => {
    const error = (() => {
      try {
        return given([made('u1')]).when(reserve('u2'));
      } catch (e) {
        return e;
      }
    })();
    expect(isReservationTaken(error)).toBe(true);
    expect(error).toMatchObject({ code: 'conflict', field: 'username', ownerId: 'u1', reason: 'RESERVATION_TAKEN' });
  });

  it('reserve stays quiet when the value is already yours; release stays quiet when it is free', () => {
    expect(given([made('u1')]).when(reserve('u1'))).toEqual([]);
    expect(given([]).when({ type: 'Release', ownerId: 'u1' })).toEqual([]);
    expect(given([made('u1'), released('u1')]).when({ type: 'Release', ownerId: 'u1' })).toEqual([]);
  });

  it('release emits for the owner and refuses anyone else', () => {
    expect(given([made('u1')]).when({ type: 'Release', ownerId: 'u1' })).toEqual([released('u1')]);
    expect(() => given([made('u1')]).when({ type: 'Release', ownerId: 'u2' })).toThrow(/Only the owner/);
  });

  it('names one stream per kind and normalised value', () => {
    expect(reservationStream('username', ' Alice ')).toBe('reservation-username-alice');
    expect(reservationStream('email', 'A@Example.com')).toBe('reservation-email-a@example.com');
    expect(() => reservationStream('username', '   ')).toThrow(/empty/);
    expect(() => reservationStream('User Name', 'x')).toThrow(/kind/);
  });
});
