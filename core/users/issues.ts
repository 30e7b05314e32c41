/** zod errors -> the API's error shape `{ message, field? }` and the one error policy. */
import type { z } from 'zod';
import { AppError } from '@core/shared/errors';

export interface FirstIssue {
  message: string;
  /** Dotted path of the offending field ('confirmPassword', 'address.city'); absent for the whole body. */
  field?: string;
}

export const firstIssue = (error: z.ZodError): FirstIssue => {
  const issue = error.issues[0];
  if (issue === undefined) return { message: 'Invalid input' };
  const field = issue.path.map(String).join('.');
  return field === '' ? { message: issue.message } : { message: issue.message, field };
};

/** Parse at an edge; bad input throws AppError('validation') with the first message and its field. */
export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { message, field } = firstIssue(result.error);
  throw new AppError('validation', message, field === undefined ? {} : { field });
};
