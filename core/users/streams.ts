/**
 * Stream and reservation names. Uniqueness is claimed by the caller through
 * core/eventstore/reservation.ts with these keys, before the user's own stream is written.
 */
import type { StreamName } from '@core/eventstore/types';

export const USER_STREAM_PREFIX = 'user-';

export const userStream = (id: string): StreamName => `${USER_STREAM_PREFIX}${id}`;

/** The user id of a user stream; null for any other stream. */
export const userIdFromStream = (stream: StreamName): string | null =>
  stream.startsWith(USER_STREAM_PREFIX) && stream.length > USER_STREAM_PREFIX.length ? stream.slice(USER_STREAM_PREFIX.length) : null;

/** Reservation kinds, as passed to `reserve({ kind, value, ownerId })`. */
export const USERNAME_RESERVATION = 'username';
export const EMAIL_RESERVATION = 'email';

/** Usernames are unique case-insensitively: 'Alice' and 'alice' are one name. */
export const usernameReservationKey = (username: string): string => username.trim().toLowerCase();

/** E-mail addresses are unique case-insensitively, surrounding spaces ignored. */
export const emailReservationKey = (email: string): string => email.trim().toLowerCase();
