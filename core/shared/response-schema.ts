/**
 * The zod schema of what the API answers, written next to the TypeScript type the answer is built
 * with and held to it by the compiler (docs/adr/0036 addendum): every value of the type passes the
 * schema, and the schema names exactly the type's fields — a field added to the type and not to
 * the schema (or the other way round) does not compile. The route notes it with `responds`, the
 * OpenAPI document shows it, and tests/api/openapi-responses.int.test.ts checks real answers
 * against the document.
 *
 *   export const templateViewSchema = describes<TemplateView>()(z.object({ ... }));
 */
import type { z } from 'zod';

type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;

/** Refuses (as `never`) a schema whose output does not take every value of T or names other fields. */
type Describing<T, S extends z.ZodType> = [T] extends [z.output<S>] ? (SameKeys<T, z.output<S>> extends true ? S : never) : never;

export const describes =
  <T>() =>
  <S extends z.ZodType>(schema: S & Describing<T, S>): S =>
    schema;
