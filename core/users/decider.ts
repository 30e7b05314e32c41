/** The users capability as a decider (core/shared/decider.ts): one stream per user, `user-<id>`. */
import type { Decider } from '@core/shared/decider';
import type { UserCommand } from './commands';
import { decide } from './decide';
import type { UserEvent } from './events';
import { evolve } from './evolve';
import { initialState, type UserState } from './state';

// A user's stream gains an event per sign-in and per reply sent: loads start from a snapshot.
export const USER_SNAPSHOT = { version: 'user-6', every: 200 } as const;

export const userDecider: Decider<UserCommand, UserEvent, UserState> = { decide, evolve, initialState, snapshot: USER_SNAPSHOT };
