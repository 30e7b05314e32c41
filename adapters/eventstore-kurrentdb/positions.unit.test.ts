import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePositions, type Position } from '@core/eventstore/types';
import { compareLogPositions, decodePosition, encodePosition, type LogPosition } from './positions';

const MAX = (1n << 64n) - 1n;
const logPosition = fc.record({ commit: fc.bigInt({ min: 0n, max: MAX }), prepare: fc.bigInt({ min: 0n, max: MAX }) });
// Realistic ones too: small offsets where digit counts differ, the case a naive encoding gets wrong.
const smallPosition = fc.record({ commit: fc.bigInt({ min: 0n, max: 100_000n }), prepare: fc.bigInt({ min: 0n, max: 100_000n }) });
const anyPosition = fc.oneof(logPosition, smallPosition);

describe('KurrentDB positions', () => {
  it('encode as two fixed-width 20-digit halves', () => {
    expect(encodePosition({ commit: 1234n, prepare: 1200n })).toBe('00000000000000001234:00000000000000001200');
    expect(encodePosition({ commit: MAX, prepare: 0n })).toBe('18446744073709551615:00000000000000000000');
  });

  it('decode what they encode', () => {
    fc.assert(
      fc.property(anyPosition, (p) => {
        expect(decodePosition(encodePosition(p))).toEqual(p);
      }),
    );
  });

  it("keep $all's order as string order: commit first, then prepare", () => {
    fc.assert(
      fc.property(anyPosition, anyPosition, (a, b) => {
        expect(Math.sign(comparePositions(encodePosition(a), encodePosition(b)))).toBe(Math.sign(compareLogPositions(a, b)));
      }),
    );
    const sorted: LogPosition[] = [
      { commit: 9n, prepare: 9n },
      { commit: 10n, prepare: 10n },
      { commit: 10n, prepare: 11n },
      { commit: 100n, prepare: 2n },
    ];
    const encoded = sorted.map(encodePosition);
    expect([...encoded].sort()).toEqual(encoded);
  });

  it('refuse positions this adapter did not issue', () => {
    for (const foreign of ['0000000000000042', '', '1:2', '0000000000000000000a:00000000000000000000', '18446744073709551616:00000000000000000000']) {
      expect(() => decodePosition(foreign as Position)).toThrow(expect.objectContaining({ code: 'validation', field: 'position' }));
    }
  });

  it('refuse to encode a value outside 0 .. 2^64 - 1', () => {
    expect(() => encodePosition({ commit: -1n, prepare: 0n })).toThrow(/out of range/);
    expect(() => encodePosition({ commit: 0n, prepare: MAX + 1n })).toThrow(/out of range/);
  });
});
