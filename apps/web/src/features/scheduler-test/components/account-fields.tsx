// The two account pickers both test forms share: the monitored account (target) and the admin's
// connected X account that posts.
import { Field, invalidProps } from '@web/components/field';
import { OptionSelect } from '@web/components/option-select';
import { XAccountSelect, accountLabel, type TargetAccount, type XAccount } from '@web/features/schedules';

type Props = {
  idPrefix: string;
  targets: readonly TargetAccount[];
  accounts: readonly XAccount[];
  accountId: string;
  connectedAccountId: string;
  onChange: (change: { accountId?: string; connectedAccountId?: string }) => void;
  errors: Record<string, string | undefined>;
  targetLabel: string;
  connectedLabel: string;
};

export function AccountFields({ idPrefix, targets, accounts, accountId, connectedAccountId, onChange, errors, targetLabel, connectedLabel }: Props) {
  const targetId = `${idPrefix}-target`;
  const postFromId = `${idPrefix}-from`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={targetId} label={targetLabel} error={errors.accountId}>
        <OptionSelect
          id={targetId}
          label={targetLabel}
          long
          options={targets.map((t) => ({ value: t.id, label: accountLabel(t) }))}
          value={accountId}
          onChange={(v) => onChange({ accountId: v })}
          placeholder="Choose an account"
          empty="No target accounts available"
          invalid={invalidProps(targetId, errors.accountId)}
        />
      </Field>
      <Field id={postFromId} label={connectedLabel} error={errors.connectedAccountId}>
        <XAccountSelect
          id={postFromId}
          label={connectedLabel}
          accounts={accounts}
          value={connectedAccountId}
          onChange={(v) => onChange({ connectedAccountId: v })}
          invalid={invalidProps(postFromId, errors.connectedAccountId)}
        />
      </Field>
    </div>
  );
}
