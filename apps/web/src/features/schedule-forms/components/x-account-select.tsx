// The "post from" picker of every schedule form: the user's connected X accounts by @username.
import type { ComponentProps } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import type { XAccount } from '@web/features/schedule-forms/api/accounts';

type Props = {
  accounts: readonly Pick<XAccount, 'id' | 'username'>[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  id?: string;
  disabled?: boolean;
  /** Shown while nothing is chosen; `empty` when there is nothing to choose. */
  placeholder?: string;
  empty?: string;
  className?: string;
  /** aria-invalid / aria-describedby of the field's error. */
  invalid?: Partial<ComponentProps<typeof SelectTrigger>>;
};

export function XAccountSelect({ accounts, value, onChange, label, id, disabled, placeholder = 'Choose your X account', empty = 'No connected accounts available', className, invalid }: Props) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className={className} {...invalid}>
        <SelectValue placeholder={accounts.length === 0 ? empty : placeholder} />
      </SelectTrigger>
      <SelectContent>
        {accounts.map((a) => (
          <SelectItem key={a.id} value={a.id}>
            @{a.username}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
