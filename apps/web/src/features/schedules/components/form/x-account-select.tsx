// The "post from" picker of every schedule form: the user's connected X accounts by @username.
import { OptionSelect, type OptionSelectProps } from '@web/components/option-select';
import type { XAccount } from '@web/features/schedules/api/accounts';

type Props = Omit<OptionSelectProps<string>, 'options'> & { accounts: readonly Pick<XAccount, 'id' | 'username'>[] };

export function XAccountSelect({ accounts, placeholder = 'Choose your X account', empty = 'No connected accounts available', ...rest }: Props) {
  return <OptionSelect options={accounts.map((a) => ({ value: a.id, label: `@${a.username}` }))} placeholder={placeholder} empty={empty} {...rest} />;
}
