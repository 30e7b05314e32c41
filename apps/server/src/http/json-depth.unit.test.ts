import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepth } from './json-depth';

describe('jsonDepth', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: 'x' }] })).toBe(3);
    expect(jsonDepth([[], [[[]]]])).toBe(4);
  });

  it('walks a value far deeper than the call stack allows', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown;
    expect(jsonDepth(deep)).toBe(100_000);
    expect(jsonDepth(deep, 32)).toBe(33);
  });

  it('agrees with a recursive count on any JSON value', () => {
    const recursive = (v: unknown): number =>
      v === null || typeof v !== 'object' ? 0 : 1 + Math.max(0, ...(Array.isArray(v) ? v : Object.values(v)).map(recursive));
    fc.assert(fc.property(fc.jsonValue(), (v) => jsonDepth(v) === recursive(v)));
  });
});
