import { describe, expect, it } from 'vitest';
import { createIntentKeys } from './intent-key';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('one Idempotency-Key per intent', () => {
  it('the same payload sent again before it was saved (a double click, a retry) keeps its key', () => {
    const keys = createIntentKeys(counter());
    const first = keys.keyFor('/api/templates', { name: 'A', content: 'x' });
    expect(keys.keyFor('/api/templates', { name: 'A', content: 'x' })).toBe(first);
  });

  it('a changed form is a new intent, and changing it back is another new one', () => {
    const keys = createIntentKeys(counter());
    const first = keys.keyFor('/api/templates', { name: 'A' });
    const changed = keys.keyFor('/api/templates', { name: 'B' });
    expect(changed).not.toBe(first);
    expect(keys.keyFor('/api/templates', { name: 'A' })).not.toBe(first);
  });

  it('once saved, the same payload is a new intent (the user means a second one)', () => {
    const keys = createIntentKeys(counter());
    const first = keys.keyFor('/api/templates', { name: 'A' });
    keys.done('/api/templates', first);
    expect(keys.keyFor('/api/templates', { name: 'A' })).not.toBe(first);
  });

  it('a late answer to an older intent does not end the newer one; routes keep their own', () => {
    const keys = createIntentKeys(counter());
    const old = keys.keyFor('/api/templates', { name: 'A' });
    const newer = keys.keyFor('/api/templates', { name: 'B' });
    keys.done('/api/templates', old);
    expect(keys.keyFor('/api/templates', { name: 'B' })).toBe(newer);
    expect(keys.keyFor('/api/schedules', { name: 'B' })).not.toBe(newer);
  });
});
