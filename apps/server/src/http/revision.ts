/**
 * Conditional writes (RFC 9110 §13.1.1): a read of a thing the client may change answers its
 * stream's revision as a strong ETag (`"7"`); a write of it may send that back as If-Match. The
 * revision goes to the command handler as the expected revision, so the event store itself decides:
 * a stream that moved on since (another tab, another device, the scheduler's run) is refused, and
 * the answer is 412 with the thing as it now is and its ETag, for the page to offer "reload" or
 * "overwrite" (send again with the new ETag). A write without If-Match keeps working as before
 * (the CLI, scripts): the check is the client's choice, as HTTP has it.
 */
import type { RouterContext } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { revisionOf } from '@adapters/read-models/eventstore';
import { AppError, isAppError } from '@core/shared/errors';
import type { AppDeps } from '../deps';
import { responds } from './validate';
import { settle } from './route-helpers';

export const STALE_MESSAGE = 'This was changed elsewhere since you opened it. Reload to see the changes, or save again to overwrite them.';

export const etagOf = (revision: bigint): string => `"${revision}"`;

const ETAG = /^(?:W\/)?"(\d{1,19})"$/;

/**
 * The revision an If-Match names, or undefined without one (or `*`: any current revision). Weak
 * tags are read as strong ones (ours are never weak). A list, or anything but one of our tags, is
 * bad input.
 */
export const ifMatchOf = (ctx: Pick<Context, 'get'>): bigint | undefined => {
  const raw = ctx.get('If-Match').trim();
  if (raw === '' || raw === '*') return undefined;
  const m = ETAG.exec(raw);
  if (m === null) throw new AppError('validation', 'If-Match takes one ETag as a read of this answered it, e.g. "3"', { field: 'If-Match', reason: 'BAD_IF_MATCH' });
  return BigInt(m[1] as string);
};

/** Sets the thing's ETag when the read model knows its stream. */
export const tag = (ctx: Pick<Context, 'set'>, deps: Pick<AppDeps, 'projector'>, stream: string): void => {
  const revision = revisionOf(deps.projector.db, stream);
  if (revision !== null) ctx.set('ETag', etagOf(revision));
};

/** What a stale write answers: the message, and the thing as it now is. */
export const staleSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
  code: z.literal('STALE_REVISION'),
  current: z.unknown().describe('The thing as it now is (its ETag in the header)'),
});

export interface Conditional {
  /** The stream of the thing the request changes (from its path). */
  stream: (ctx: RouterContext) => string;
  /** The thing as the caller may see it now; null when it is not theirs or gone (answered 404). */
  current: (ctx: RouterContext) => unknown;
  /** The 404 for a thing that is not the caller's (or gone). */
  notFound: () => AppError;
}

/**
 * The route steps of a conditional write: reads If-Match into the request's command context
 * (http/present.ts `commandContext`), answers a stale write 412 with the current state, and tags a
 * successful answer with the new ETag.
 */
export const conditional = (deps: Pick<AppDeps, 'projector' | 'logger' | 'store' | 'readModelWaitMs'>, spec: Conditional): Middleware[] => [
  async (koaCtx, next) => {
    // Mounted on router routes only, so the path's params are there.
    const ctx = koaCtx as RouterContext;
    const expected = ifMatchOf(ctx);
    if (expected !== undefined) ctx.state.expectedRevision = expected;
    try {
      await next();
    } catch (error) {
      if (!(isAppError(error) && error.reason === 'STALE_REVISION')) throw error;
      // Answer with what the store now holds: wait for the read model to have it.
      const stream = spec.stream(ctx);
      const [head] = await deps.store.readStream(stream, { backwards: true, maxCount: 1 });
      if (head !== undefined) await settle(deps, head.position);
      const current: unknown = await spec.current(ctx);
      if (current === null || current === undefined) throw spec.notFound();
      ctx.status = 412;
      if (head !== undefined) ctx.set('ETag', etagOf(head.revision));
      ctx.body = { success: false, message: STALE_MESSAGE, error: STALE_MESSAGE, code: 'STALE_REVISION', current } satisfies z.infer<typeof staleSchema>;
      return;
    }
    // A 202 (read side behind) or 204 has no state to tag.
    if (ctx.status === 200) tag(ctx, deps, spec.stream(ctx));
  },
  responds(412, staleSchema, 'Changed since the If-Match revision was read: the current state, its ETag in the header'),
];
