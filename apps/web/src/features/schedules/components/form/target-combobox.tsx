// The searchable target-account combo-box of the classic form (spec part 2 §2): type to filter the
// monitored accounts (username or display name), pick a suggestion with the mouse or the keyboard.
// Typing a username that exactly matches one selects it too, and puts it first in the list.
// Escape closes the list only: the dialog around it stays (components/ui/dialog.tsx).
import { useMemo, useState, type ChangeEvent } from 'react';
import { useCombobox } from 'downshift';
import { Check, ChevronsUpDown } from 'lucide-react';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';
import type { TargetAccount } from '@web/features/schedules/api/accounts';

type Props = {
  id: string;
  accounts: TargetAccount[];
  /** What the input shows. */
  text: string;
  selectedId: string | null;
  onChange: (text: string, selected: TargetAccount | null) => void;
  disabled?: boolean;
  invalid?: Record<string, unknown>;
  placeholder?: string;
};

const clean = (s: string) => s.trim().replace(/^@/, '').toLowerCase();

/** The account a typed text names exactly (case-insensitive, with or without @). */
export const exactTarget = (accounts: readonly TargetAccount[], text: string): TargetAccount | null =>
  accounts.find((a) => a.username.toLowerCase() === clean(text)) ?? null;

/**
 * The suggestions for a typed text: an exact handle first, then handles starting with it, then
 * handles or names containing it. Empty text: every account.
 */
export const rankTargets = (accounts: readonly TargetAccount[], text: string): TargetAccount[] => {
  const q = clean(text);
  if (q === '') return [...accounts];
  const rank = (a: TargetAccount): number => {
    const u = a.username.toLowerCase();
    if (u === q) return 0;
    if (u.startsWith(q)) return 1;
    if (u.includes(q)) return 2;
    return (a.displayName ?? '').toLowerCase().includes(q) ? 3 : -1;
  };
  return accounts
    .map((a, i) => ({ a, i, r: rank(a) }))
    .filter((x) => x.r >= 0)
    .sort((x, y) => x.r - y.r || x.i - y.i)
    .map((x) => x.a);
};

export function TargetCombobox({ id, accounts, text, selectedId, onChange, disabled, invalid, placeholder }: Props) {
  // Typing filters; a chosen account (picked from the list, or set by the form) shows the whole
  // list again when the list is reopened.
  const [typing, setTyping] = useState(false);
  const items = useMemo(() => {
    const selected = accounts.find((a) => a.id === selectedId);
    if (!typing && selected && clean(selected.username) === clean(text)) return accounts;
    return rankTargets(accounts, text);
  }, [accounts, text, selectedId, typing]);

  const { isOpen, getInputProps, getMenuProps, getItemProps, getToggleButtonProps, highlightedIndex } = useCombobox<TargetAccount>({
    items,
    inputId: id,
    inputValue: text,
    selectedItem: accounts.find((a) => a.id === selectedId) ?? null,
    itemToString: (a) => (a ? `@${a.username}` : ''),
    itemToKey: (a) => a?.id,
    onInputValueChange: ({ inputValue, type }) => {
      // Typing is taken from the input's own change event (below): reported here, one render late,
      // the controlled text would be reset to its previous value in between and keys typed fast lost.
      const { InputKeyDownEnter, ItemClick } = useCombobox.stateChangeTypes;
      if (type === InputKeyDownEnter || type === ItemClick) {
        // Picking the account a typed handle had already chosen: no selection change to report,
        // but the text becomes its handle.
        setTyping(false);
        onChange(inputValue ?? '', exactTarget(accounts, inputValue ?? ''));
      }
    },
    onSelectedItemChange: ({ selectedItem }) => {
      setTyping(false);
      if (selectedItem) onChange(`@${selectedItem.username}`, selectedItem);
    },
  });

  return (
    <div className="relative">
      <div className="relative">
        <Input
          placeholder={placeholder ?? 'Search monitored accounts'}
          disabled={disabled}
          className="pr-9"
          {...invalid}
          // Named by the field's own <label for>, not by a label element downshift would create.
          {...getInputProps({
            'aria-labelledby': undefined,
            onChange: (event: ChangeEvent<HTMLInputElement>) => {
              setTyping(true);
              onChange(event.target.value, exactTarget(accounts, event.target.value));
            },
          })}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-muted-foreground disabled:opacity-50"
          disabled={disabled}
          {...getToggleButtonProps({ 'aria-label': 'Show target accounts' })}
        >
          <ChevronsUpDown className="size-4" />
        </button>
      </div>
      <ul
        className={cn(
          'absolute z-30 mt-1 max-h-64 w-full overflow-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg',
          !isOpen && 'hidden',
        )}
        {...getMenuProps({ 'aria-label': 'Target accounts' })}
      >
        {isOpen && items.length === 0 && <li className="px-2 py-1.5 text-sm text-muted-foreground">No target accounts available</li>}
        {isOpen &&
          items.map((a, index) => (
            <li
              key={a.id}
              className={cn(
                'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm',
                highlightedIndex === index && 'bg-accent text-accent-foreground',
              )}
              {...getItemProps({ item: a, index })}
            >
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">@{a.username}</span>
                {a.displayName && <span className="ml-2 text-muted-foreground">{a.displayName}</span>}
              </span>
              {a.id === selectedId && <Check className="size-4 shrink-0" />}
            </li>
          ))}
      </ul>
    </div>
  );
}
