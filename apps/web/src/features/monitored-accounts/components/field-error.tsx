// A field's message under its input, tied to it for screen readers.
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
      {error}
    </p>
  );
}

export const invalid = (id: string, error: string | undefined) => (error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {});
