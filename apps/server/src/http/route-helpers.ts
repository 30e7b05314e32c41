/**
 * What every route does the same way: reading the `:id` of a path, and answering a write from the
 * read model once it has caught up (read-your-writes), or 202 with the id while it has not.
 */
import type { Context } from 'koa';
import { z } from 'zod';
import type { Position } from '@core/eventstore/types';
import type { AppError } from '@core/shared/errors';
import type { AppDeps } from '../deps';

/** Every id the API hands out (uuids, X's numeric ids, seeded slugs) has this shape. */
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** A value that has the shape of an id (one taken from a body rather than the path). */
export const isId = (value: string): boolean => ID.test(value);

/**
 * A path's `:id`. One that cannot be an id (other characters, too long) is answered like an id
 * nobody has, with the resource's own 404, so a probe learns nothing from the difference.
 */
export const idParam = (ctx: Pick<Context, 'params'>, notFound: () => AppError): string => {
  const id = (ctx.params as { id?: string }).id ?? '';
  if (!isId(id)) throw notFound();
  return id;
};

/**
 * Read-your-writes: wait until the local projections have passed a write. True when they have;
 * false when they did not within the wait (stalled or slow). A write that was stored is never
 * turned into an error here: the caller answers 202 with the id instead of the fresh row
 * (`answerPending`), because an error invites a retry that would store it twice.
 */
export const settle = async (
  deps: Pick<AppDeps, 'projector' | 'logger'> & Partial<Pick<AppDeps, 'readModelWaitMs'>>,
  position: Position | null,
): Promise<boolean> => {
  if (position === null) return true;
  try {
    await deps.projector.waitFor(position, deps.readModelWaitMs);
    return true;
  } catch (error) {
    deps.logger.warn({ err: error, position }, 'projections did not reach a write in time; answering anyway');
    return false;
  }
};

export const PENDING_MESSAGE = 'Saved; it will appear in the list in a moment';

/**
 * The answer to a write that was stored but cannot be read back yet: 202 with the id, and the
 * Location to read it from once the read model has caught up.
 */
/** The 202 a write answers while the read side has not caught up (answerPending), before its route's extras. */
export const pendingSchema = z.object({ success: z.literal(true), id: z.string(), pending: z.literal(true), message: z.string() });

export const answerPending = (
  ctx: { status: number; body: unknown; set(name: string, value: string): void },
  written: { id: string; location: string | null },
  extra: Record<string, unknown> = {},
): void => {
  ctx.status = 202;
  if (written.location !== null) ctx.set('Location', written.location);
  const body: z.output<typeof pendingSchema> = { success: true, id: written.id, pending: true, message: PENDING_MESSAGE };
  ctx.body = { ...body, ...extra };
};

/** The row as the read model shows it once it has passed the write; null while it has not. */
export const readBack = async <T>(
  deps: Parameters<typeof settle>[0],
  written: { position: Position | null },
  find: () => T | null,
): Promise<T | null> => ((await settle(deps, written.position)) ? find() : null);

/**
 * Answers a write with the row as the read model shows it (`extra` added): `status`, and the
 * Location on a 201; or 202 with the id (and `extra`) while the read model has not caught up.
 */
export const answerWritten = async <T extends object>(
  ctx: Context,
  deps: Parameters<typeof settle>[0],
  written: { id: string; position: Position | null },
  answer: { find: () => T | null; location: string; status?: 200 | 201; extra?: Record<string, unknown> },
): Promise<void> => {
  const row = await readBack(deps, written, answer.find);
  if (row === null) return answerPending(ctx, { id: written.id, location: answer.location }, answer.extra);
  ctx.status = answer.status ?? 200;
  if (ctx.status === 201) ctx.set('Location', answer.location);
  ctx.body = answer.extra === undefined ? row : { ...row, ...answer.extra };
};
