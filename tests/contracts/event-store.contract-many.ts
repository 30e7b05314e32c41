// Contract: reading several streams in one call (readStreams) answers, for each name in the order
// given, exactly what readStream answers for it with the same options: whole, the first n, the
// last n newest first (the heads the audit merges, docs/adr/0040), missing streams empty, a name
// given twice answered twice, and any number of streams.
import { expect } from 'vitest';
import type { ReadStreamsOptions } from '@core/eventstore/types';
import type { ContractContext } from './event-store.contract';
import { newEvent, newEvents, uniqueStream } from './event-store.contract-helpers';

/** Every field a reader sees, positions included. */
const full = (events: readonly { streamName: string; revision: bigint; id: string; type: string; position: string; data: unknown }[]) =>
  events.map((e) => ({ stream: e.streamName, revision: e.revision, id: e.id, type: e.type, position: e.position, data: e.data }));

const OPTIONS: ReadStreamsOptions[] = [
  {},
  { maxCount: 0 },
  { maxCount: 1 },
  { maxCount: 2 },
  { maxCount: 50 },
  { backwards: false, maxCount: 3 },
  { backwards: true },
  { backwards: true, maxCount: 0 },
  { backwards: true, maxCount: 1 },
  { backwards: true, maxCount: 2 },
  { backwards: true, maxCount: 50 },
];

export const registerManyStreamsContract = ({ test, store }: ContractContext): void => {
  test('answers each stream as readStream does with the same options, in the order given (missing: empty; twice: twice)', async () => {
    const lengths = [1, 3, 7, 2];
    const streams = lengths.map((_, i) => uniqueStream(`many-${i}`));
    // Interleaved appends, so a stream's events are not neighbours in the global order.
    for (let round = 0; round < Math.max(...lengths); round++) {
      for (const [i, stream] of streams.entries()) if (round < lengths[i]!) await store().append(stream, [newEvent(`E${round}`, { round, i })], 'any');
    }
    const missing = uniqueStream('many-missing');
    const asked = [streams[2]!, missing, streams[0]!, streams[1]!, streams[2]!, streams[3]!];
    for (const options of OPTIONS) {
      const many = await store().readStreams(asked, options);
      const one = await Promise.all(asked.map((s) => store().readStream(s, options)));
      expect({ options, many: many.map(full) }).toEqual({ options, many: one.map(full) });
    }
    // The heads: each stream's last event; nothing for the missing one.
    const heads = await store().readStreams(asked, { backwards: true, maxCount: 1 });
    expect(heads.map((h) => h.map((e) => `${e.type}@${e.revision}`))).toEqual([['E6@6'], [], ['E0@0'], ['E2@2'], ['E6@6'], ['E1@1']]);
    expect(await store().readStreams([])).toEqual([]);
    expect(await store().readStreams([missing], { backwards: true, maxCount: 1 })).toEqual([[]]);
  });

  test('reads more than a thousand streams in one call (more names than SQLite once allowed variables)', async () => {
    const streams = Array.from({ length: 1_050 }, (_, i) => uniqueStream(`bulk-${i}`));
    for (let i = 0; i < streams.length; i += 75) {
      await Promise.all(streams.slice(i, i + 75).map((s, j) => store().append(s, newEvents(1 + ((i + j) % 3)), 'no_stream')));
    }
    const heads = await store().readStreams(streams, { backwards: true, maxCount: 1 });
    expect(heads).toHaveLength(streams.length);
    heads.forEach((head, i) => {
      expect(head.map((e) => [e.streamName, e.revision])).toEqual([[streams[i], BigInt(i % 3)]]);
    });
    const whole = await store().readStreams(streams);
    expect(whole.map((w) => w.length)).toEqual(streams.map((_, i) => 1 + (i % 3)));
  });
};
