/** For schema tests: the AppError an edge's parse refuses a value with (see core/shared/parse.ts). */
import type { z } from 'zod';
import { AppError } from '@core/shared/errors';
import { parseOrThrow } from '@core/shared/parse';

/** The refusal of `value`; throws when the schema accepts it or fails some other way. */
export const refusalOf = (schema: z.ZodType, value: unknown): AppError => {
  try {
    parseOrThrow(schema, value);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a validation error');
};
