/**
 * Idempotency-Key on creating calls (the IETF httpapi Idempotency-Key draft): a client that did
 * not see the answer (a timeout, a dropped connection) sends the same request again with the same
 * key and gets the first answer back, and nothing is written twice.
 *
 *  - the same key from the same user on the same route within 24 h: the first answer, replayed
 *    (with `Idempotent-Replayed: true`);
 *  - the same key with a different body: 422, nothing written;
 *  - the same key while the first request is still running: the second waits for the first and
 *    then gets its answer, so concurrent duplicates create exactly one resource (in another server
 *    of the installation too, for up to 10 s, then 409);
 *  - a request that failed is not remembered: the key may be sent again.
 *
 * Keys live in SQLite (adapters/idempotency-sqlite), so a restart still honours them; with
 * RIPOSTE_SHARED_URL in PostgreSQL (adapters/shared-postgres/idempotency.ts), shared by every server.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { IdempotencyScope, IdempotencyStore } from '@adapters/idempotency-sqlite';
import { AppError } from '@core/shared/errors';
import { canonicalJson } from '@core/shared/canonical-json';
import { currentUser } from './guards';
import { noted } from './validate';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  reused: 'This Idempotency-Key was already used for a different request; use a new key for a new request',
  unfinished:
    'A request with this Idempotency-Key was interrupted before it answered; check whether it was saved, then use a new key',
} as const;

// A structured-field string ("...") or a bare token; either way visible ASCII, bounded.
const KEY = /^[\x21-\x7e]{1,255}$/;

const parseKey = (header: string): string => {
  const bare = header.length >= 2 && header.startsWith('"') && header.endsWith('"') ? header.slice(1, -1) : header;
  if (!KEY.test(bare)) throw new AppError('validation', IDEMPOTENCY_MESSAGES.badKey, { field: IDEMPOTENCY_HEADER, reason: 'IDEMPOTENCY_KEY_INVALID' });
  return bare;
};

const fingerprintOf = (ctx: Context): string => createHash('sha256').update(canonicalJson(ctx.request.body ?? null)).digest('hex');

const refuse = (ctx: Context, status: number, message: string, code: string) => {
  ctx.status = status;
  ctx.body = { message, error: message, field: IDEMPOTENCY_HEADER, code };
};

/** A JSON answer worth replaying (not a stream, not a file). */
const isJsonBody = (body: unknown): boolean =>
  body === null || body === undefined || (typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function');

/** How long a duplicate waits for a claim another live process holds (a shared store) before it answers 409. */
const OTHER_PROCESS_WAIT_MS = 10_000;

export const createIdempotency = (store: IdempotencyStore, options: { otherProcessWaitMs?: number } = {}) => {
  // Requests running now, by scope: a duplicate waits for its original instead of racing it.
  const running = new Map<string, Promise<void>>();
  const otherProcessWaitMs = options.otherProcessWaitMs ?? OTHER_PROCESS_WAIT_MS;

  /** Middleware for one creating route; `route` names it, e.g. 'POST /api/templates'. */
  const guard = (route: string): Middleware =>
    noted(async (ctx, next) => {
      const header = ctx.get(IDEMPOTENCY_HEADER);
      if (header === '') return next();
      const scope: IdempotencyScope = { userId: currentUser(ctx).id, route, key: parseKey(header) };
      const id = JSON.stringify([scope.userId, scope.route, scope.key]);
      const fingerprint = fingerprintOf(ctx);
      const waitUntil = Date.now() + otherProcessWaitMs;
      for (;;) {
        const first = running.get(id);
        if (first !== undefined) {
          await first;
          continue;
        }
        const found = await store.find(scope);
        if (found !== null) {
          if (found.fingerprint !== fingerprint) return refuse(ctx, 422, IDEMPOTENCY_MESSAGES.reused, 'IDEMPOTENCY_KEY_REUSED');
          if (found.state === 'pending') {
            // Our own claim whose request has not registered as running yet, or (shared store) another
            // server's request still running: wait for its answer. Otherwise a stopped process left it.
            const mayStillRun = found.owner === store.owner || (store.shared && Date.now() < waitUntil);
            if (mayStillRun && Date.now() < waitUntil) {
              await new Promise((resolve) => setTimeout(resolve, 50));
              continue;
            }
            return refuse(ctx, 409, IDEMPOTENCY_MESSAGES.unfinished, 'IDEMPOTENCY_KEY_UNFINISHED');
          }
          ctx.status = found.answer.status;
          ctx.body = found.answer.body;
          if (found.answer.location !== null) ctx.set('Location', found.answer.location);
          ctx.set('Idempotent-Replayed', 'true');
          return;
        }
        // The claim is one conditional write: of two requests (in this process or in two), one wins.
        if (await store.claim(scope, fingerprint)) break;
      }
      let finish!: () => void;
      running.set(id, new Promise<void>((resolve) => (finish = resolve)));
      try {
        await next();
        if (ctx.status >= 200 && ctx.status < 300 && isJsonBody(ctx.body)) {
          await store.complete(scope, { status: ctx.status, body: ctx.body ?? null, location: ctx.response.get('Location') || null });
        } else {
          await store.release(scope);
        }
      } catch (error) {
        await store.release(scope);
        throw error;
      } finally {
        running.delete(id);
        finish();
      }
    }, { kind: 'idempotent' });

  return { guard };
};

export type Idempotency = ReturnType<typeof createIdempotency>;
