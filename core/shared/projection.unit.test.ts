import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '@core/eventstore/types';
import { projectEvents, type Projection } from '@core/shared/projection';

const event = (type: string, data: Record<string, unknown>, n: number): RecordedEvent => ({
  id: `e${n}`,
  type,
  data,
  metadata: { actor: null, correlationId: 'c', causationId: null, time: '2026-01-01T00:00:00.000Z' },
  streamName: 's',
  revision: BigInt(n),
  position: String(n).padStart(4, '0') as Position,
});

const greetings: Projection = {
  name: 'greetings',
  version: 1,
  schema: ['CREATE TABLE greetings (id TEXT PRIMARY KEY, text TEXT NOT NULL)'],
  handles: ['Greeted'],
  project: (e) => [{ sql: 'INSERT INTO greetings (id, text) VALUES (?, ?)', params: [e.id, (e.data as { text: string }).text] }],
};

describe('projectEvents', () => {
  it('returns the statements of the handled events, in order', () => {
    const statements = projectEvents(greetings, [event('Greeted', { text: 'hi' }, 1), event('Ignored', {}, 2), event('Greeted', { text: 'yo' }, 3)]);
    expect(statements).toEqual([
      { sql: 'INSERT INTO greetings (id, text) VALUES (?, ?)', params: ['e1', 'hi'] },
      { sql: 'INSERT INTO greetings (id, text) VALUES (?, ?)', params: ['e3', 'yo'] },
    ]);
  });

  it('passes every event to a projection without a handles list', () => {
    const all: Projection = { ...greetings, handles: undefined, project: (e) => [{ sql: 'SELECT 1', params: [e.type] }] };
    expect(projectEvents(all, [event('A', {}, 1), event('B', {}, 2)]).map((s) => s.params)).toEqual([['A'], ['B']]);
  });
});
