/**
 * Image types by content, never by the name or the declared type: a file is a PNG, JPEG, GIF or
 * WebP only when its first bytes say so. SVG is never accepted (it is XML that can carry script),
 * nor anything else a browser might render as a document.
 */

export const IMAGE_KINDS = ['png', 'jpeg', 'gif', 'webp'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageKind, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The file extension an image of this kind is stored and served under. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageKind, string>> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/** Bytes the sniffer needs to decide (WebP's signature ends at byte 12). */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The image kind the first bytes announce, or null (not one of the accepted images). */
export const sniffImage = (head: Uint8Array): ImageKind | null => {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  return null;
};
