// A labelled select over a fixed list of options (radix Select underneath): the one shape every
// form's pickers share. `empty` replaces the placeholder when there is nothing to choose.
import type { ComponentProps, ReactNode } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

export type Option<T extends string> = { value: T; label: ReactNode };

export type OptionSelectProps<T extends string> = {
  options: readonly Option<T>[];
  value: T | '';
  onChange: (value: T) => void;
  /** The accessible name. */
  label: string;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  empty?: string;
  className?: string;
  /** Long lists scroll (max-h-72). */
  long?: boolean;
  /** aria-invalid / aria-describedby of the field's error. */
  invalid?: Partial<ComponentProps<typeof SelectTrigger>>;
};

export function OptionSelect<T extends string>({ options, value, onChange, label, id, disabled, placeholder, empty, className, long, invalid }: OptionSelectProps<T>) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as T)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className={className} {...invalid}>
        <SelectValue placeholder={options.length === 0 && empty !== undefined ? empty : placeholder} />
      </SelectTrigger>
      <SelectContent className={long ? 'max-h-72' : undefined}>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
