/**
 * Media upload, API v2 chunked flow as twitter-api-v2 drives it: POST /2/media/upload/initialize
 * (JSON), POST /2/media/upload/:id/append (multipart: segment_index, media), POST
 * /2/media/upload/:id/finalize; GET /2/media/upload?command=STATUS for processing. Images up to
 * 5 MB; the bytes are sniffed at finalize, so a renamed file is refused like X refuses it.
 */
import type { Caller, Ctx } from './auth';
import { invalidRequest, type Reply } from './wire';
import type { World } from './world';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The image type the bytes really are, or null. */
export const sniffImage = (b: Buffer): (typeof IMAGE_TYPES)[number] | null => {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
};

/** A small multipart/form-data reader that keeps binary parts as bytes. */
export const readMultipart = (body: Buffer, contentType: string): Map<string, Buffer> | null => {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return null;
  const delimiter = Buffer.from(`--${mark}`);
  const parts = new Map<string, Buffer>();
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2); // skip CRLF after the delimiter and before the next
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const name = /name="([^"]*)"/i.exec(part.subarray(0, split).toString('utf8'))?.[1];
      if (name !== undefined) parts.set(name, part.subarray(split + 4));
    }
    start = next;
  }
  return parts;
};

const data = (value: Record<string, unknown>): Reply => ({ status: 200, body: { data: value } });

export const createMediaRoutes = (world: World) => {
  let counter = 0;

  const initialize = (ctx: Ctx, caller: Caller): Reply => {
    let body: { media_type?: unknown; total_bytes?: unknown };
    try {
      body = JSON.parse(ctx.body.toString('utf8')) as typeof body;
    } catch {
      return invalidRequest('Request body is not valid JSON.');
    }
    const mediaType = String(body.media_type ?? '');
    const total = Number(body.total_bytes);
    if (!(IMAGE_TYPES as readonly string[]).includes(mediaType)) return invalidRequest(`media_type [${mediaType}] is not supported.`, 'media_type');
    if (!Number.isInteger(total) || total <= 0 || total > MAX_IMAGE_BYTES) return invalidRequest(`File size exceeds ${MAX_IMAGE_BYTES} bytes.`, 'total_bytes');
    counter += 1;
    const id = String(1_900_000_000_000_000_000n + BigInt(counter));
    world.media.set(id, { id, ownerId: (caller as Extract<Caller, { kind: 'user' }>).user.id, mediaType, totalBytes: total, chunks: new Map(), finalized: false });
    return data({ id, media_key: `3_${id}`, expires_after_secs: 86_400 });
  };

  const owned = (id: string, caller: Caller) => {
    const media = world.media.get(id);
    return media && caller.kind === 'user' && media.ownerId === caller.user.id ? media : undefined;
  };

  const append = (id: string) => (ctx: Ctx, caller: Caller): Reply => {
    const media = owned(id, caller);
    if (!media || media.finalized) return invalidRequest('Invalid media id.', 'id');
    const parts = readMultipart(ctx.body, ctx.contentType);
    const index = Number(parts?.get('segment_index')?.toString('utf8'));
    const chunk = parts?.get('media');
    if (!chunk || !Number.isInteger(index) || index < 0 || index > 999) return invalidRequest('segment_index and media are required.', 'media');
    media.chunks.set(index, Buffer.from(chunk));
    return data({ expires_at: Math.floor(world.now() / 1000) + 86_400 });
  };

  const finalize = (id: string) => (_ctx: Ctx, caller: Caller): Reply => {
    const media = owned(id, caller);
    if (!media) return invalidRequest('Invalid media id.', 'id');
    const bytes = Buffer.concat([...media.chunks.entries()].sort(([a], [b]) => a - b).map(([, b]) => b));
    if (bytes.length !== media.totalBytes) return invalidRequest(`Segments total ${bytes.length} bytes, expected ${media.totalBytes}.`, 'total_bytes');
    if (sniffImage(bytes) === null) return invalidRequest('Invalid media: the file is not a supported image.', 'media');
    media.finalized = true;
    return data({ id, media_key: `3_${id}`, size: bytes.length, expires_after_secs: 86_400 });
  };

  const status = (ctx: Ctx, caller: Caller): Reply => {
    const media = owned(ctx.query.get('media_id') ?? '', caller);
    if (!media) return invalidRequest('Invalid media id.', 'media_id');
    return data({ id: media.id, media_key: `3_${media.id}`, processing_info: { state: media.finalized ? 'succeeded' : 'pending' } });
  };

  return { initialize, append, finalize, status };
};
