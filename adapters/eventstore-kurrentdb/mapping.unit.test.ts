import { randomUUID } from 'node:crypto';
import { ANY, NO_STREAM, STREAM_EXISTS, type JSONRecordedEvent } from '@kurrent/kurrentdb-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDuplicateEventId } from '@core/eventstore/errors';
import type { EventMetadata, NewEvent, Position } from '@core/eventstore/types';
import { decodeMetadata, encodeMetadata, fromRecordedEvent, isSystemEvent, toEventData, toStreamState } from './mapping';

const metadata = (over: Partial<EventMetadata> = {}): EventMetadata => ({
  actor: 'user-1',
  correlationId: randomUUID(),
  causationId: null,
  time: '2026-02-23T10:00:00.000Z',
  ...over,
});
const event = (over: Partial<NewEvent> = {}): NewEvent => ({ id: randomUUID(), type: 'Tested', data: { n: 1 }, metadata: metadata(), ...over });

describe('expected revisions', () => {
  it("map to the client's streamState one to one (both count from 0)", () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState('stream_exists')).toBe(STREAM_EXISTS);
    expect(toStreamState(0n)).toBe(0n);
    expect(toStreamState(41n)).toBe(41n);
  });

  it('refuse a negative revision instead of sending a special value by accident', () => {
    expect(() => toStreamState(-1n)).toThrow(expect.objectContaining({ code: 'validation', field: 'expectedRevision' }));
  });
});

describe('metadata', () => {
  it("round-trips through the stored document, using KurrentDB's $correlationId / $causationId", () => {
    const created = new Date('2030-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.record({
          actor: fc.option(fc.string(), { nil: null }),
          correlationId: fc.uuid(),
          causationId: fc.option(fc.uuid(), { nil: null }),
          time: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        }),
        (m) => {
          const stored = JSON.parse(JSON.stringify(encodeMetadata(m))) as unknown;
          expect(decodeMetadata(stored, created)).toEqual(m);
        },
      ),
    );
    expect(encodeMetadata(metadata({ causationId: 'c-1' }))).toMatchObject({ $correlationId: expect.any(String), $causationId: 'c-1' });
    expect(encodeMetadata(metadata())).not.toHaveProperty('$causationId');
  });

  it('reads events other programs wrote (other names, binary or no metadata) without failing', () => {
    const created = new Date('2026-03-01T12:00:00Z');
    expect(decodeMetadata(undefined, created)).toEqual({ actor: null, correlationId: '', causationId: null, time: created.toISOString() });
    expect(decodeMetadata(new Uint8Array([1, 2]), created)).toMatchObject({ correlationId: '', time: created.toISOString() });
    expect(decodeMetadata({ correlationId: 'x', causationId: 'y', actor: 7 }, created)).toEqual({
      actor: null,
      correlationId: 'x',
      causationId: 'y',
      time: created.toISOString(),
    });
  });
});

describe('events to append', () => {
  it('become JSON events with the same id, type and data', () => {
    const e = event({ data: { name: 'Zoë ✓', list: [1, null] } });
    const [data] = toEventData('s', [e]);
    expect(data).toEqual({ id: e.id, contentType: 'application/json', type: 'Tested', data: e.data, metadata: encodeMetadata(e.metadata) });
    expect(toEventData('s', [event({ data: undefined })])[0]?.data).toBeNull();
  });

  it('refuse ids KurrentDB cannot take, and an id twice in one append', () => {
    expect(() => toEventData('s', [event({ id: 'not-a-uuid' })])).toThrow(expect.objectContaining({ code: 'validation', field: 'id' }));
    const twice = event();
    const refused = (() => {
      try {
        toEventData('s', [twice, event(), { ...twice, id: twice.id.toUpperCase() }]);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(isDuplicateEventId(refused)).toBe(true);
  });

  it('refuse data that has no JSON form', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => toEventData('s', [event({ data: cyclic })])).toThrow(expect.objectContaining({ code: 'validation' }));
    expect(() => toEventData('s', [event({ data: { n: 1n } })])).toThrow(expect.objectContaining({ code: 'validation' }));
  });

  it("keep the contract's 5,000-event batch under KurrentDB's default 1 MiB append limit", () => {
    // The server counts data + metadata + 2 bytes per character of the type (Event.SizeOnDisk).
    const size = toEventData('s', Array.from({ length: 5_000 }, (_, i) => event({ type: 'Bulk', data: { i } })))
      .map((e) => JSON.stringify(e.data).length + JSON.stringify(e.metadata).length + e.type.length * 2)
      .reduce((a, b) => a + b, 0);
    expect(size).toBeLessThan(1_048_576);
  });
});

describe('recorded events', () => {
  it('system records are recognised by a $ type or a $ stream', () => {
    expect(isSystemEvent({ type: '$metadata', streamId: '$$orders-1' })).toBe(true);
    expect(isSystemEvent({ type: '$>', streamId: '$ce-orders' })).toBe(true);
    expect(isSystemEvent({ type: 'Opened', streamId: '$stats-127.0.0.1:2113' })).toBe(true);
    expect(isSystemEvent({ type: 'Opened', streamId: 'orders-1' })).toBe(false);
  });

  it("become the port's events with the adapter's position and the port's metadata", () => {
    const m = metadata({ causationId: 'cause' });
    const recorded: JSONRecordedEvent = {
      streamId: 'orders-1',
      id: randomUUID(),
      isJson: true,
      revision: 3n,
      type: 'Opened',
      created: new Date(),
      data: { a: 1 },
      metadata: JSON.parse(JSON.stringify(encodeMetadata(m))) as Record<string, unknown>,
      position: { commit: 10n, prepare: 10n },
    };
    const position = '00000000000000000010:00000000000000000010' as Position;
    expect(fromRecordedEvent(recorded, position)).toEqual({
      id: recorded.id,
      type: 'Opened',
      data: { a: 1 },
      metadata: m,
      streamName: 'orders-1',
      revision: 3n,
      position,
    });
  });
});
