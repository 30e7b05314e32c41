import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diskAllows, formatBytes, quotaRoom, reserveBytes, unusedImages, usageOf } from '@core/images';

const MB = 1024 * 1024;

describe('the upload quota', () => {
  it('leaves room for what is left, refuses once files or bytes are used up, and 0 means no limit', () => {
    expect(quotaRoom({ maxBytes: 100 * MB, maxFiles: 3 }, { bytes: 40 * MB, files: 2 })).toEqual({ kind: 'room', bytes: 60 * MB });
    expect(quotaRoom({ maxBytes: 100 * MB, maxFiles: 3 }, { bytes: 40 * MB, files: 3 })).toEqual({ kind: 'full', by: 'files' });
    expect(quotaRoom({ maxBytes: 100 * MB, maxFiles: 3 }, { bytes: 100 * MB, files: 1 })).toEqual({ kind: 'full', by: 'bytes' });
    expect(quotaRoom({ maxBytes: 0, maxFiles: 0 }, { bytes: 10_000 * MB, files: 10_000 })).toEqual({ kind: 'room', bytes: Number.POSITIVE_INFINITY });
  });

  it('never lets usage plus the room pass the byte limit (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e9 }), fc.nat({ max: 1e9 }), fc.nat({ max: 1000 }), (maxBytes, bytes, files) => {
        const room = quotaRoom({ maxBytes, maxFiles: 0 }, { bytes, files });
        if (maxBytes === 0) return room.kind === 'room';
        return room.kind === 'full' ? bytes >= maxBytes : room.bytes >= 1 && bytes + room.bytes === maxBytes;
      }),
    );
  });

  it("counts one owner's images only", () => {
    const images = [
      { ownerId: 'a', size: 10 },
      { ownerId: 'b', size: 5 },
      { ownerId: 'a', size: 7 },
    ];
    expect(usageOf(images, 'a')).toEqual({ bytes: 17, files: 2 });
    expect(usageOf(images, 'c')).toEqual({ bytes: 0, files: 0 });
  });
});

describe('the free-space reserve', () => {
  it('is a size or a share of the disk', () => {
    expect(reserveBytes({ kind: 'bytes', bytes: 1024 }, 1e12)).toBe(1024);
    expect(reserveBytes({ kind: 'percent', percent: 5 }, 1000)).toBe(50);
  });

  it('allows an upload exactly when what is left stays at or above the reserve (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.nat({ max: 1e12 }), fc.nat({ max: 1e7 }), fc.nat({ max: 100 }), (free, extra, incoming, percent) => {
        const disk = { free, total: free + extra };
        const reserve = { kind: 'percent', percent } as const;
        return diskAllows(disk, incoming, reserve) === free - incoming >= Math.ceil((disk.total * percent) / 100);
      }),
    );
    expect(diskAllows({ free: 2 * MB, total: 10 * MB }, MB, { kind: 'bytes', bytes: MB })).toBe(true);
    expect(diskAllows({ free: 2 * MB, total: 10 * MB }, MB + 1, { kind: 'bytes', bytes: MB })).toBe(false);
  });
});

describe('unused images', () => {
  it('are those created before the cutoff that nothing names', () => {
    const images = [
      { fileName: 'old.png', createdAt: '2026-01-01T00:00:00.000Z' },
      { fileName: 'used.png', createdAt: '2026-01-01T00:00:00.000Z' },
      { fileName: 'fresh.png', createdAt: '2026-01-02T12:00:00.000Z' },
    ];
    expect(unusedImages(images, new Set(['used.png']), '2026-01-02T00:00:00.000Z')).toEqual(['old.png']);
  });
});

describe('sizes in messages', () => {
  it('reads like a person would write them', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(700 * 1024)).toBe('700 KB');
    expect(formatBytes(1.5 * MB)).toBe('1.5 MB');
    expect(formatBytes(100 * MB)).toBe('100 MB');
  });
});
