// Form validation with the shared zod schemas: the same rules and messages as the server.
import { useState } from 'react';
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

/**
 * A form's values and field errors: `set` changes some values and clears the errors of the fields
 * it names (the changed keys unless told otherwise), so a message goes as soon as its field is
 * edited.
 */
export function useFormFields<S extends object>(initial: () => S) {
  const [state, setState] = useState<S>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<S>, fields: string[] = Object.keys(patch)) => {
    setState((s) => ({ ...s, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const f of fields) delete next[f];
      return next;
    });
  };
  return { state, setState, errors, setErrors, set };
}
