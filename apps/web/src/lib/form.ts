// Form validation with the shared zod schemas: the same rules and messages as the server.
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** Validate; answer the parsed value or the first message per field. */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
