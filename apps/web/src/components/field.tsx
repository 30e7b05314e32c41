// One field layout for every form: label, control and the field's message, tied together for
// screen readers (the message's id is `<control id>-error`, named by aria-describedby).
import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';

/** A field's message under its control; nothing when the field is fine. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
      {error}
    </p>
  );
}

/** Label, control and the field's error message (or its hint while there is none). */
export function Field({ id, label, error, hint, children }: { id: string; label: ReactNode; error?: string | undefined; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? <FieldError id={id} error={error} /> : hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** aria props for a control whose field may be in error. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}
