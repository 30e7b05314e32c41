/**
 * Validation as a step of the route, so the route itself says what it accepts:
 *
 *   router.post('/templates', requireUser, body(templateInputSchema), async (ctx) => {
 *     const input = validated(ctx, templateInputSchema);
 *
 * `body(schema)` / `query(schema)` parse the request with the shared zod schema (the one error
 * policy: 400 with the first issue's message and field) before the handler runs, and leave a note
 * on the middleware that the OpenAPI document (http/openapi.ts) reads from the router's stack. The
 * document is built from the same schema object that refuses bad input, never from a copy.
 * `validated` hands the parsed value to the handler and fails loudly if the route did not declare
 * that schema, so a handler cannot quietly validate with one schema and advertise another.
 */
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { parseOrThrow } from '@core/shared/parse';

/** What a middleware in a route's stack tells the API document. */
export type RouteNote =
  | { kind: 'body'; schema: z.ZodType }
  /** A body of one of several shapes, picked by the body itself (a legacy and a current form). */
  | { kind: 'variants'; schemas: readonly z.ZodType[]; selector?: z.ZodType }
  /** An unsafe call that takes no body (anything sent is ignored). */
  | { kind: 'noBody' }
  /** A body that is not JSON the server validates with zod (a multipart upload, PayPal's signed webhook): described in words. */
  | { kind: 'opaqueBody'; contentType: string; description: string }
  | { kind: 'query'; schema: z.ZodType }
  /** What a success answers: the zod schema of the JSON body, per status. */
  | { kind: 'response'; status: number; schema: z.ZodType | null; description: string }
  | { kind: 'idempotent' };

const notes = new WeakMap<object, RouteNote>();

/** Marks a middleware with what it means for the API document. */
export const noted = <M extends Middleware>(middleware: M, note: RouteNote): M => {
  notes.set(middleware, note);
  return middleware;
};

export const noteOf = (middleware: unknown): RouteNote | undefined =>
  typeof middleware === 'function' ? notes.get(middleware) : undefined;

const parsed = new WeakMap<Context, Map<z.ZodType, unknown>>();

const remember = (ctx: Context, schema: z.ZodType, value: unknown) => {
  const seen = parsed.get(ctx) ?? new Map<z.ZodType, unknown>();
  seen.set(schema, value);
  parsed.set(ctx, seen);
};

/**
 * Parses the JSON body with `schema`. `emptyAs` stands in for a missing body (a POST with no
 * body at all), for calls whose every field is optional.
 */
export const body = (schema: z.ZodType, options: { emptyAs?: unknown } = {}): Middleware =>
  noted(
    async (ctx, next) => {
      const raw: unknown = ctx.request.body;
      remember(ctx, schema, parseOrThrow(schema, raw ?? options.emptyAs));
      return next();
    },
    { kind: 'body', schema },
  );

/**
 * Parses the JSON body with the one of `schemas` that `pick` chooses from the body (each route
 * with a legacy and a current form); the handler reads it with `validated(ctx, chosen)`.
 */
export const bodyVariants = (schemas: readonly z.ZodType[], pick: (raw: unknown) => z.ZodType): Middleware =>
  noted(
    async (ctx, next) => {
      const raw: unknown = ctx.request.body;
      const schema = pick(raw);
      if (!schemas.includes(schema)) throw new Error(`${ctx.method} ${ctx.path} picked a body schema it did not declare`);
      remember(ctx, schema, parseOrThrow(schema, raw));
      return next();
    },
    { kind: 'variants', schemas },
  );

/**
 * Parses the JSON body with `matching` when `selector` accepts it, else with `otherwise`. The
 * selector is a schema, not a function, so the API document says the same rule the server picks by
 * and its two forms exclude each other (one requires what the selector accepts, the other its
 * negation).
 */
export const bodyChoice = (selector: z.ZodType, matching: z.ZodType, otherwise: z.ZodType): Middleware =>
  noted(
    async (ctx, next) => {
      const raw: unknown = ctx.request.body;
      const schema = selector.safeParse(raw).success ? matching : otherwise;
      remember(ctx, schema, parseOrThrow(schema, raw));
      return next();
    },
    { kind: 'variants', schemas: [matching, otherwise], selector },
  );

/** Says an unsafe call takes no body. */
export const noBody: Middleware = noted(async (_ctx, next) => next(), { kind: 'noBody' });

/** Says a call's body is not JSON validated here (a multipart upload, a signed webhook), in words. */
export const opaqueBody = (contentType: string, description: string): Middleware =>
  noted(async (_ctx, next) => next(), { kind: 'opaqueBody', contentType, description });

/**
 * Says what a success answers: the zod schema its JSON body follows (null: no body, e.g. 204).
 * The OpenAPI document lists it; tests/api/openapi-responses checks real answers against it.
 */
export const responds = (status: number, schema: z.ZodType | null, description = 'Success'): Middleware =>
  noted(async (_ctx, next) => next(), { kind: 'response', status, schema, description });

/** Parses the query string with `schema`. */
export const query = (schema: z.ZodType): Middleware =>
  noted(
    async (ctx, next) => {
      remember(ctx, schema, parseOrThrow(schema, ctx.query));
      return next();
    },
    { kind: 'query', schema },
  );

/** The value `body(schema)` or `query(schema)` parsed for this request. */
export const validated = <S extends z.ZodType>(ctx: Context, schema: S): z.output<S> => {
  const seen = parsed.get(ctx);
  if (seen === undefined || !seen.has(schema)) {
    throw new Error(`${ctx.method} ${ctx.path} reads input its route did not declare with body() or query()`);
  }
  return seen.get(schema) as z.output<S>;
};
