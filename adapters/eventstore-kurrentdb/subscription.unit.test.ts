// The subscription wrapper over a stand-in for the client's subscription: a real object-mode Node
// stream (what the client's subscription is) fed by the test, with the client's unsubscribe().
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { AllStreamResolvedEvent, AllStreamSubscription } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@core/eventstore/types';
import { encodeMetadata } from './mapping';
import type { LogPosition } from './positions';
import { wrapSubscription } from './subscription';

const source = () => {
  const stream = new PassThrough({ objectMode: true });
  let unsubscribed = 0;
  const subscription = Object.assign(stream, {
    unsubscribe: async () => {
      unsubscribed += 1;
      stream.end();
    },
  }) as unknown as AllStreamSubscription;
  return { stream, subscription, unsubscribed: () => unsubscribed };
};

const resolved = (commit: bigint, type = 'Tested', streamId = 'orders-1'): AllStreamResolvedEvent => ({
  event: {
    streamId,
    id: randomUUID(),
    isJson: true,
    revision: 0n,
    type,
    created: new Date(),
    data: { commit: Number(commit) },
    metadata: encodeMetadata({ actor: null, correlationId: 'c', causationId: null, time: '2026-01-01T00:00:00.000Z' }),
    position: { commit, prepare: commit },
  },
  commitPosition: commit,
});

const within = <T>(promise: Promise<T>, ms = 1_000): Promise<T | 'timeout'> =>
  Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);

const take = async (iterator: AsyncIterator<RecordedEvent>, count: number): Promise<RecordedEvent[]> => {
  const got: RecordedEvent[] = [];
  while (got.length < count) {
    const next = await within(iterator.next());
    if (next === 'timeout' || next.done === true) break;
    got.push(next.value);
  }
  return got;
};

describe('KurrentDB subscription wrapper', () => {
  it('drops system events and everything up to the checkpoint, keeps the rest in order', async () => {
    const { stream, subscription } = source();
    const after: LogPosition = { commit: 20n, prepare: 20n };
    const sub = wrapSubscription(subscription, after, () => undefined);
    for (const e of [resolved(10n), resolved(20n), resolved(25n, '$metadata'), resolved(26n, 'Tested', '$stats-x'), resolved(30n), resolved(40n)]) {
      stream.write(e);
    }
    const got = await take(sub[Symbol.asyncIterator](), 2);
    expect(got.map((e) => e.data)).toEqual([{ commit: 30 }, { commit: 40 }]);
    expect(got[0]?.position).toBe('00000000000000000030:00000000000000000030');
    await sub.close();
  });

  it('close() ends an iterator that is waiting for live events, and unsubscribes once', async () => {
    const { subscription, unsubscribed } = source();
    let ended = 0;
    const sub = wrapSubscription(subscription, null, () => (ended += 1));
    const iterator = sub[Symbol.asyncIterator]();
    const waiting = iterator.next();
    await sub.close();
    expect(await within(waiting)).toEqual({ done: true, value: undefined });
    await sub.close();
    expect(unsubscribed()).toBe(1);
    expect(ended).toBe(1);
  });

  it('a connection error fails the iterator with a coded error, even if it came before iteration', async () => {
    const { stream, subscription } = source();
    const sub = wrapSubscription(subscription, null, () => undefined);
    stream.emit('error', Object.assign(new Error('14 UNAVAILABLE'), { code: 14 }));
    await expect(sub[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('a subscription the server ends is a failure to resume from, not a silent end', async () => {
    const { stream, subscription } = source();
    const sub = wrapSubscription(subscription, null, () => undefined);
    stream.end();
    await expect(sub[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('resume') });
  });

  it('breaking out of for-await releases the server subscription', async () => {
    const { stream, subscription, unsubscribed } = source();
    const sub = wrapSubscription(subscription, null, () => undefined);
    stream.write(resolved(1n));
    for await (const event of sub) {
      expect(event.data).toEqual({ commit: 1 });
      break;
    }
    expect(unsubscribed()).toBe(1);
  });
});
