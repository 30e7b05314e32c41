import { describe, expect, it } from 'vitest';
import { redactPersonal } from '@core/users/erasure';
import { WrongExpectedRevisionError } from './errors';
import { copyOf, eraseByCopy, isErasureCopy, planErasureCopies, type TruncatingStore } from './erasure-copies';
import type { NewEvent, Position, RecordedEvent } from './types';

const STREAM = 'template-1';
const redact = (e: RecordedEvent) => redactPersonal(e.data, e.metadata.erasureCopyOf ?? e.id);

let counter = 0;
const newId = () => `00000000-0000-4000-8000-${String((counter += 1)).padStart(12, '0')}`;

const recorded = (events: readonly NewEvent[], from = 0n): RecordedEvent[] =>
  events.map((e, i) => ({ ...e, streamName: STREAM, revision: from + BigInt(i), position: String(Number(from) + i).padStart(8, '0') as Position }));

const original = (type: string, data: unknown): NewEvent => ({
  id: newId(),
  type,
  data,
  metadata: { actor: 'u-1', correlationId: 'c-1', causationId: null, time: '2026-11-27T08:00:00.000Z' },
});

const originals = () =>
  recorded([
    original('TemplateCreated', { templateId: 't-1', name: 'Greeting', content: 'Hello from Alice' }),
    original('TemplateRenamed', { templateId: 't-1', name: 'Alice says hi' }),
    original('TemplateArchived', { templateId: 't-1' }),
  ]);

describe('planning the erasure copies of a stream (KurrentDB copy-and-truncate)', () => {
  it('copies every original with the same type and metadata, the data redacted as the in-place erasure does, marked with the original id; truncates at the first copy', () => {
    const events = originals();
    const plan = planErasureCopies(events, redact, newId);
    expect(plan.lastRevision).toBe(2n);
    expect(plan.truncateBefore).toBe(3n);
    expect(plan.copies.map((c) => c.type)).toEqual(events.map((e) => e.type));
    plan.copies.forEach((copy, i) => {
      const e = events[i] as RecordedEvent;
      expect(copy.id).not.toBe(e.id);
      expect(copy.metadata).toEqual({ ...e.metadata, erasureCopyOf: e.id });
      expect(copy.data).toEqual(redactPersonal(e.data, e.id));
      expect(JSON.stringify(copy.data)).not.toMatch(/Alice|Greeting/);
    });
    expect(plan.copies[2]?.data).toEqual({ templateId: 't-1' });
  });

  it('has nothing to do for a missing stream, or one whose readable events are all copies (erased already)', () => {
    expect(planErasureCopies([], redact, newId)).toEqual({ copies: [], truncateBefore: null, lastRevision: null });
    const events = originals();
    const copies = recorded(planErasureCopies(events, redact, newId).copies, 3n);
    expect(planErasureCopies(copies, redact, newId)).toMatchObject({ copies: [], truncateBefore: null });
  });

  it('resumes a run that stopped after some copies: appends only the missing ones, truncating at the first earlier copy', () => {
    const events = originals();
    const first = planErasureCopies(events, redact, newId).copies;
    const partly = [...events, ...recorded(first.slice(0, 2), 3n)];
    const plan = planErasureCopies(partly, redact, newId);
    expect(plan.copies.map((c) => c.metadata.erasureCopyOf)).toEqual([events[2]?.id]);
    expect(plan.truncateBefore).toBe(3n);
    expect(plan.lastRevision).toBe(4n);
  });

  it('resumes a run that stopped after all its copies, before the truncation: only truncates', () => {
    const events = originals();
    const all = [...events, ...recorded(planErasureCopies(events, redact, newId).copies, 3n)];
    expect(planErasureCopies(all, redact, newId)).toMatchObject({ copies: [], truncateBefore: 3n, lastRevision: 5n });
  });

  it('starts afresh when an original was written after copies began: every original copied again, earlier copies truncated away', () => {
    const events = originals();
    const early = recorded(planErasureCopies(events, redact, newId).copies.slice(0, 1), 3n);
    const late = recorded([original('TemplateRenamed', { templateId: 't-1', name: 'late' })], 4n);
    const plan = planErasureCopies([...events, ...early, ...late], redact, newId);
    expect(plan.copies.map((c) => c.metadata.erasureCopyOf)).toEqual([...events, ...late].map((e) => e.id));
    expect(plan.truncateBefore).toBe(5n);
  });

  it('marks copies so that projections can tell them', () => {
    const [e] = originals();
    expect(isErasureCopy(e as RecordedEvent)).toBe(false);
    expect(isErasureCopy(recorded([copyOf(e as RecordedEvent, redact, newId)], 9n)[0] as RecordedEvent)).toBe(true);
  });
});

/** A stream in memory with a truncate-before, appends checked on their expected revision. */
const fakeStore = () => {
  const log: RecordedEvent[] = [];
  let before = 0n;
  let appends = 0;
  let interfere: (() => void) | null = null;
  const store: TruncatingStore = {
    readStream: async () => log.filter((e) => e.revision >= before),
    append: async (stream, events, expected) => {
      interfere?.();
      interfere = null;
      const last = BigInt(log.length - 1);
      if (expected !== last) throw new WrongExpectedRevisionError(stream, expected, last);
      log.push(...recorded(events, BigInt(log.length)));
      appends += 1;
      return { nextExpectedRevision: BigInt(log.length - 1), position: '0' as Position };
    },
    truncateBefore: async (_stream, revision) => {
      before = revision;
    },
  };
  return {
    store,
    log,
    get appends() {
      return appends;
    },
    /** The next append meets an event another writer appended just before it. */
    interfereOnce: (event: NewEvent) => {
      interfere = () => log.push(...recorded([event], BigInt(log.length)));
    },
  };
};

describe('eraseByCopy', () => {
  it('appends the copies in chunks, truncates, and a second run is a no-op', async () => {
    const f = fakeStore();
    f.log.push(...originals());
    expect(await eraseByCopy(f.store, STREAM, redact, newId, { perAppend: 2 })).toBe(3);
    expect(f.appends).toBe(2);
    const read = await f.store.readStream(STREAM);
    expect(read.map((e) => e.revision)).toEqual([3n, 4n, 5n]);
    expect(read.every(isErasureCopy)).toBe(true);
    expect(await eraseByCopy(f.store, STREAM, redact, newId)).toBe(0);
    expect(f.log).toHaveLength(6);
  });

  it('an event appended by another writer meanwhile: re-read and planned again, the late event copied too', async () => {
    const f = fakeStore();
    f.log.push(...originals());
    f.interfereOnce(original('TemplateRenamed', { templateId: 't-1', name: 'late' }));
    expect(await eraseByCopy(f.store, STREAM, redact, newId)).toBe(4);
    const read = await f.store.readStream(STREAM);
    expect(read).toHaveLength(4);
    expect(read.every(isErasureCopy)).toBe(true);
    expect(JSON.stringify(read.map((e) => e.data))).not.toMatch(/"late"|Alice/);
  });
});
