/**
 * The devices a user gets notifications on: one stream per user (`push-<userId>`). Subscribing the
 * same endpoint again renews its keys; a push service that answers "gone" removes the device.
 */
import { assertNever, type Decider } from '@core/shared/decider';
import { AppError } from '@core/shared/errors';
import { PUSH_LIMITS, PUSH_MESSAGES, type PushDevice } from './schemas';

export const pushStream = (userId: string): string => `push-${userId}`;

export type PushCommand =
  | { type: 'Subscribe'; userId: string; device: Omit<PushDevice, 'createdAt'>; now: string }
  | { type: 'Unsubscribe'; userId: string; endpoint: string; now: string }
  /** The push service said the subscription no longer exists (404/410). */
  | { type: 'DropGone'; userId: string; endpoint: string; now: string };

export type PushEvent =
  | { type: 'PushSubscribed'; data: { userId: string; endpoint: string; p256dh: string; auth: string; label: string; at: string } }
  | { type: 'PushUnsubscribed'; data: { userId: string; endpoint: string; by: 'user' | 'push_service'; at: string } };

export const PUSH_EVENT_TYPES = ['PushSubscribed', 'PushUnsubscribed'] as const satisfies readonly PushEvent['type'][];

export interface PushState {
  devices: PushDevice[];
}

const notFound = () => new AppError('not_found', PUSH_MESSAGES.notFound, { reason: 'PUSH_DEVICE_NOT_FOUND' });

export const decidePush = (command: PushCommand, state: PushState): PushEvent[] => {
  switch (command.type) {
    case 'Subscribe': {
      const { device } = command;
      const known = state.devices.find((d) => d.endpoint === device.endpoint);
      if (known !== undefined && known.p256dh === device.p256dh && known.auth === device.auth && known.label === device.label) return [];
      if (known === undefined && state.devices.length >= PUSH_LIMITS.devicesPerUser)
        throw new AppError('conflict', PUSH_MESSAGES.tooMany, { reason: 'TOO_MANY_PUSH_DEVICES' });
      return [{ type: 'PushSubscribed', data: { userId: command.userId, ...device, at: command.now } }];
    }
    case 'Unsubscribe':
    case 'DropGone': {
      if (!state.devices.some((d) => d.endpoint === command.endpoint)) {
        if (command.type === 'DropGone') return [];
        throw notFound();
      }
      const by = command.type === 'Unsubscribe' ? 'user' : 'push_service';
      return [{ type: 'PushUnsubscribed', data: { userId: command.userId, endpoint: command.endpoint, by, at: command.now } }];
    }
    default:
      return assertNever(command, 'push command');
  }
};

export const evolvePush = (state: PushState, event: PushEvent): PushState => {
  switch (event.type) {
    case 'PushSubscribed': {
      const { endpoint, p256dh, auth, label, at } = event.data;
      const kept = state.devices.filter((d) => d.endpoint !== endpoint);
      const createdAt = state.devices.find((d) => d.endpoint === endpoint)?.createdAt ?? at;
      return { devices: [...kept, { endpoint, p256dh, auth, label, createdAt }] };
    }
    case 'PushUnsubscribed':
      return { devices: state.devices.filter((d) => d.endpoint !== event.data.endpoint) };
    default:
      return assertNever(event, 'push event');
  }
};

export const pushDecider: Decider<PushCommand, PushEvent, PushState> = {
  decide: decidePush,
  evolve: evolvePush,
  initialState: () => ({ devices: [] }),
};
