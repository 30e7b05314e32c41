import { UnavailableError, StreamNotFoundError, type KurrentDBClient } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { createReadClients } from './read-client';

const fakeClient = (disposed: string[], name: string) => ({ dispose: async () => void disposed.push(name) }) as unknown as KurrentDBClient;

describe('read clients', () => {
  it('a transport failure retires the client (disposed) and the next get makes a new one, at most once per interval', async () => {
    let clock = 0;
    const disposed: string[] = [];
    let n = 0;
    const clients = createReadClients({ make: () => fakeClient(disposed, `c${(n += 1)}`), minIntervalMs: 1_000, now: () => clock });
    const first = clients.get();
    clients.failed(first, new UnavailableError(undefined as never));
    expect(clients.get()).toBe(first); // too soon after it was made: kept
    clock = 1_000;
    clients.failed(first, new UnavailableError(undefined as never));
    const second = clients.get();
    expect(second).not.toBe(first);
    expect(clients.made()).toBe(2);
    await clients.close();
    expect(disposed).toEqual(['c1', 'c2']);
  });

  it('a missing stream or a failure on an already retired client changes nothing', () => {
    let clock = 5_000;
    const clients = createReadClients({ make: () => fakeClient([], 'c'), minIntervalMs: 0, now: () => clock });
    const first = clients.get();
    clients.failed(first, new StreamNotFoundError(undefined as never, 's'));
    expect(clients.get()).toBe(first);
    clients.failed(first, new Error('socket hang up'));
    const second = clients.get();
    clock += 1;
    clients.failed(first, new Error('late failure of the old one'));
    expect(clients.get()).toBe(second);
  });
});
