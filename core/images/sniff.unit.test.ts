import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sniffImage, uploadFileNameOf } from '@core/images';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage', () => {
  it('knows the four accepted images by their first bytes', () => {
    expect(sniffImage(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(bytes('GIF89a', [1, 0]))).toBe('gif');
    expect(sniffImage(bytes('GIF87a'))).toBe('gif');
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses SVG, text, HTML and truncated signatures', () => {
    expect(sniffImage(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(bytes('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffImage(bytes('hello, this is not a png'))).toBeNull();
    expect(sniffImage(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffImage(bytes([0x89], 'PN'))).toBeNull();
    expect(sniffImage(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  it('never accepts bytes that start with "<" or whitespace (markup)', () => {
    fc.assert(
      fc.property(fc.constantFrom(0x3c, 0x20, 0x09, 0x0a, 0x0d, 0xef), fc.uint8Array({ maxLength: 40 }), (first, rest) => {
        expect(sniffImage(Uint8Array.from([first, ...rest]))).toBeNull();
      }),
    );
  });
});

describe('uploadFileNameOf', () => {
  it('reads our upload paths and nothing else', () => {
    expect(uploadFileNameOf('/uploads/0b6c1c4e-8a1e-4c57-9d3e-2f1a0b9c8d7e.png')).toBe('0b6c1c4e-8a1e-4c57-9d3e-2f1a0b9c8d7e.png');
    expect(uploadFileNameOf('/uploads/../events.db')).toBeNull();
    expect(uploadFileNameOf('/uploads/0b6c1c4e-8a1e-4c57-9d3e-2f1a0b9c8d7e.svg')).toBeNull();
    expect(uploadFileNameOf('https://pbs.twimg.com/a.png')).toBeNull();
  });
});
