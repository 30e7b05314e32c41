// Model-based property: waves of appends issued together (so group commit writes each wave in one
// transaction, one savepoint per append) behave exactly like the same appends applied one by one
// to a plain model — same answers, same refusals, same log — whatever the expected revisions,
// re-sends and overlapping ids.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@adapters/eventstore-sqlite/index';
import { isDuplicateEventId, isWrongExpectedRevision } from '@core/eventstore/errors';
import type { ExpectedRevision, NewEvent } from '@core/eventstore/types';

type Outcome = { ok: bigint } | { error: 'wrong_revision' | 'duplicate_id' };

interface Op {
  stream: string;
  expected: ExpectedRevision;
  ids: string[];
}

/** The rules of adapters/eventstore-sqlite, applied one append at a time to plain arrays. */
const createModel = () => {
  const streams = new Map<string, string[]>();
  const where = new Map<string, { stream: string; revision: number }>();
  const log: { stream: string; id: string }[] = [];

  /** After a refusal: an exact re-send of stored events is answered with where they are. */
  const recover = (op: Op, refused: 'wrong_revision' | 'duplicate_id'): Outcome => {
    const first = where.get(op.ids[0]!);
    if (first === undefined) return { error: refused };
    if (first.stream !== op.stream) return { error: 'duplicate_id' };
    const stored = streams.get(op.stream) ?? [];
    const same = op.ids.every((id, i) => stored[first.revision + i] === id);
    return same ? { ok: BigInt(first.revision + op.ids.length - 1) } : { error: 'duplicate_id' };
  };

  const apply = (op: Op): Outcome => {
    if (new Set(op.ids).size !== op.ids.length) return { error: 'duplicate_id' };
    const stored = streams.get(op.stream) ?? [];
    const current = stored.length === 0 ? null : stored.length - 1;
    const ok =
      op.expected === 'any' ||
      (op.expected === 'no_stream' ? current === null : op.expected === 'stream_exists' ? current !== null : current !== null && BigInt(current) === op.expected);
    if (!ok) return recover(op, 'wrong_revision');
    if (op.ids.some((id) => where.has(id))) return recover(op, 'duplicate_id');
    for (const id of op.ids) {
      where.set(id, { stream: op.stream, revision: stored.length });
      stored.push(id);
      log.push({ stream: op.stream, id });
    }
    streams.set(op.stream, stored);
    return { ok: BigInt(stored.length - 1) };
  };
  return { apply, log };
};

const event = (id: string): NewEvent => ({
  id,
  type: 'Modelled',
  data: { id },
  metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-11-22T12:00:00.000Z' },
});

// Ids come from a small alphabet so that re-sends, overlaps and repeats happen often.
const opArb = fc.record({
  stream: fc.constantFrom('a', 'b', 'c'),
  expected: fc.oneof(
    fc.constantFrom<ExpectedRevision>('any', 'no_stream', 'stream_exists'),
    fc.bigInt({ min: 0n, max: 4n }),
  ),
  ids: fc.array(fc.integer({ min: 0, max: 11 }).map((n) => `id-${n}`), { minLength: 1, maxLength: 3 }),
});

describe('SQLite store group commit against a model', () => {
  it('answers and stores exactly what one-by-one appends would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }), async (waves) => {
        const store = createSqliteEventStore({ path: ':memory:' });
        const model = createModel();
        try {
          for (const wave of waves) {
            const settled = await Promise.allSettled(wave.map((op) => store.append(op.stream, op.ids.map(event), op.expected)));
            const actual: Outcome[] = settled.map((s) =>
              s.status === 'fulfilled'
                ? { ok: s.value.nextExpectedRevision }
                : isWrongExpectedRevision(s.reason)
                  ? { error: 'wrong_revision' }
                  : isDuplicateEventId(s.reason)
                    ? { error: 'duplicate_id' }
                    : (() => {
                        throw s.reason;
                      })(),
            );
            expect(actual).toEqual(wave.map(model.apply));
          }
          const all = await store.readAll();
          expect(all.map((e) => ({ stream: e.streamName, id: e.id }))).toEqual(model.log);
          expect(all.map((e) => e.position)).toEqual(all.map((_, i) => String(i + 1).padStart(20, '0')));
        } finally {
          await store.close();
        }
      }),
      { numRuns: 200 },
    );
  });
});
