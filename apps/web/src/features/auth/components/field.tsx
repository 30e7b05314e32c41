import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';

/** Label, control and the field's error message, wired for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: ReactNode; error?: string | undefined; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted-foreground">{hint}</p>
      ) : null}
    </div>
  );
}

/** aria props for a control whose field may be in error. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}
