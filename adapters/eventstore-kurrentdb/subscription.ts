/**
 * The port's Subscription over a KurrentDB catch-up subscription to $all: the server catches up from
 * the checkpoint and then streams live events; this side drops system events and anything at or
 * before the checkpoint (so the checkpoint is exclusive whatever the server does with it), and ends
 * the iterator promptly on close().
 *
 * Reads pull from the client's stream (backpressure: a slow consumer does not buffer all of $all).
 */
import type { AllStreamSubscription } from '@kurrent/kurrentdb-client';
import { AppError } from '@core/shared/errors';
import type { RecordedEvent, Subscription } from '@core/eventstore/types';
import { mapReadError } from './errors';
import { fromRecordedEvent, isSystemEvent } from './mapping';
import { compareLogPositions, encodePosition, type LogPosition } from './positions';

type Stop = { kind: 'closed' } | { kind: 'failed'; error: unknown };

export const wrapSubscription = (source: AllStreamSubscription, after: LogPosition | null, onEnd: () => void): Subscription => {
  let stopped: Stop | null = null;
  let signal: (stop: Stop) => void = () => undefined;
  const stopping = new Promise<Stop>((resolve) => (signal = resolve));
  const stop = (why: Stop) => {
    if (stopped !== null) return;
    stopped = why;
    signal(why);
  };
  // The client reports a broken connection with an 'error' event that may come before anyone
  // iterates; without this listener it would crash the process instead of failing the iterator.
  source.on('error', (error: unknown) => stop({ kind: 'failed', error }));

  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    onEnd();
    await source.unsubscribe(); // cancels the gRPC call; the client ignores its own cancellation error
    source.destroy();
  };

  async function* events(): AsyncGenerator<RecordedEvent> {
    const inner = source[Symbol.asyncIterator]();
    let last = after;
    try {
      for (;;) {
        const next = inner.next();
        // On close this read is abandoned and the stream destroyed; its rejection is expected.
        next.catch(() => undefined);
        const result = await Promise.race([next, stopping]);
        if ('kind' in result) {
          if (result.kind === 'closed') return;
          throw mapReadError(result.error, 'subscription to $all');
        }
        if (result.done) {
          // Only close() ends a subscription; a stream the server ended is a failure to resume from.
          throw new AppError('unavailable', 'KurrentDB ended the subscription to $all; resume from the last checkpoint');
        }
        const event = result.value.event;
        if (event === undefined || isSystemEvent(event)) continue;
        if (last !== null && compareLogPositions(event.position, last) <= 0) continue;
        last = event.position;
        yield fromRecordedEvent(event, encodePosition(event.position));
      }
    } finally {
      stop({ kind: 'closed' });
      await release();
    }
  }

  let iterator: AsyncGenerator<RecordedEvent> | null = null;
  return {
    // One consumer per subscription: asking again gives the same iterator, not a second replay.
    [Symbol.asyncIterator]: () => (iterator ??= events()),
    close: async () => {
      stop({ kind: 'closed' });
      await release();
    },
  };
};
