import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

export function Section({ id, title, description, children, tone }: { id: string; title: string; description?: ReactNode; children: ReactNode; tone?: 'danger' }) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`} className={tone === 'danger' ? 'border-destructive/60' : undefined} data-testid={`settings-${id}`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className={tone === 'danger' ? 'text-destructive' : undefined}>
          {title}
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** A labelled switch row that saves when flipped. */
export function SwitchRow({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      </div>
      {children}
    </div>
  );
}
