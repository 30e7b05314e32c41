/**
 * Parsing at an edge (HTTP body, CLI options, a port's request): one helper turns a zod failure
 * into the one error policy's AppError('validation') carrying the first issue's message and the
 * dotted path of its field ('confirmPassword', 'conditions.content', 'entries.2.accountId'), the
 * `{ message, field }` the HTTP layer renders.
 */
import type { z } from 'zod';
import { AppError } from './errors';

export interface FirstIssue {
  message: string;
  /** Dotted path of the offending field; absent when the issue is about the whole value. */
  field?: string;
}

/** A zod issue path as the API names a field: its parts joined by dots ('' for the whole value). */
export const fieldOf = (path: readonly PropertyKey[]): string => path.map(String).join('.');

export const firstIssue = (error: z.ZodError): FirstIssue => {
  const issue = error.issues[0];
  if (issue === undefined) return { message: 'Invalid input' };
  const field = fieldOf(issue.path);
  return field === '' ? { message: issue.message } : { message: issue.message, field };
};

/** Parses, or throws AppError('validation') with the first issue's message and its field. */
export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const { message, field } = firstIssue(result.error);
  throw new AppError('validation', message, field === undefined ? {} : { field });
};
