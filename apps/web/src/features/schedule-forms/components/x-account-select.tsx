// The "post from" picker of every schedule form: the user's connected X accounts by @username.
import type { ComponentProps } from 'react';
import { OptionSelect } from '@web/components/option-select';
import type { SelectTrigger } from '@web/components/ui/select';
import type { XAccount } from '@web/features/schedule-forms/api/accounts';

type Props = {
  accounts: readonly Pick<XAccount, 'id' | 'username'>[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  empty?: string;
  className?: string;
  invalid?: Partial<ComponentProps<typeof SelectTrigger>>;
};

export function XAccountSelect({ accounts, placeholder = 'Choose your X account', empty = 'No connected accounts available', ...rest }: Props) {
  return <OptionSelect options={accounts.map((a) => ({ value: a.id, label: `@${a.username}` }))} placeholder={placeholder} empty={empty} {...rest} />;
}
