// The Add Account and Edit Account dialogs (spec part 2 §2, §5). Everyone who may add sees the
// account fields; admins also choose the tier, the polling interval and who sees the account
// (Legacy Users, Normal Users, Admin Only). The shared schema checks the form before sending,
// with the same messages the server would answer.
import { useState, type FormEvent } from 'react';
import { ACCOUNT_DEFAULTS, ACCOUNT_LIMITS, accountInputSchema, type AccountInput } from '@core/monitoring/schemas';
import { intervalOfTier, MONITORING_TIERS, TIER_LABELS, TIER_INTERVALS, type MonitoringTier } from '@core/monitoring/tiers';
import type { AccountView } from '@core/monitoring/views';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { validate, type FieldErrors } from '@web/lib/form';
import { accountUrl, createAccount, updateAccount } from '@web/features/monitored-accounts/api/accounts';
import { useChangedElsewhere, WithEditBase } from '@web/components/changed-elsewhere';
import { FieldError, invalidProps } from '@web/components/field';

type Props = {
  /** The account being edited; null adds a new one. */
  account: AccountView | null;
  /** Admins see the tier, interval and visibility controls. */
  isAdmin: boolean;
  onClose: () => void;
};

type Fields = {
  username: string;
  displayName: string;
  bio: string;
  xUserId: string;
  isActive: boolean;
  shouldMonitor: boolean;
  userOnly: boolean;
  monitoringTier: MonitoringTier;
  monitoringInterval: string;
  visibleToLegacy: boolean;
  visibleToNormal: boolean;
  adminOnly: boolean;
};

const initialFields = (a: AccountView | null): Fields =>
  a
    ? {
        username: a.username,
        displayName: a.displayName,
        bio: a.bio ?? '',
        xUserId: a.xUserId ?? '',
        isActive: a.isActive,
        shouldMonitor: a.shouldMonitor,
        userOnly: a.userOnly,
        monitoringTier: a.monitoringTier,
        monitoringInterval: String(a.monitoringInterval),
        visibleToLegacy: a.visibleToLegacy,
        visibleToNormal: a.visibleToNormal,
        adminOnly: a.adminOnly,
      }
    : {
        username: '',
        displayName: '',
        bio: '',
        xUserId: '',
        isActive: ACCOUNT_DEFAULTS.isActive,
        shouldMonitor: ACCOUNT_DEFAULTS.shouldMonitor,
        userOnly: ACCOUNT_DEFAULTS.userOnly,
        monitoringTier: ACCOUNT_DEFAULTS.monitoringTier,
        monitoringInterval: String(ACCOUNT_DEFAULTS.monitoringInterval),
        visibleToLegacy: ACCOUNT_DEFAULTS.visibleToLegacy,
        visibleToNormal: ACCOUNT_DEFAULTS.visibleToNormal,
        adminOnly: ACCOUNT_DEFAULTS.adminOnly,
      };

/** What is sent: non-admins never send the admin-only fields (the server would refuse them). */
const payload = (f: Fields, isAdmin: boolean): Record<string, unknown> => ({
  username: f.username,
  displayName: f.displayName,
  bio: f.bio,
  xUserId: f.xUserId,
  isActive: f.isActive,
  shouldMonitor: f.shouldMonitor,
  userOnly: f.userOnly,
  ...(isAdmin
    ? {
        monitoringTier: f.monitoringTier,
        monitoringInterval: f.monitoringInterval,
        visibleToLegacy: f.visibleToLegacy,
        visibleToNormal: f.visibleToNormal,
        adminOnly: f.adminOnly,
      }
    : {}),
});

function Toggle({ id, label, hint, checked, onChange, disabled }: { id: string; label: string; hint: string; checked: boolean; onChange: (v: boolean) => void; disabled: boolean }) {
  return (
    <label className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5" htmlFor={id}>
      <span className="grid">
        <span className="text-sm font-medium">{label}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
      <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
    </label>
  );
}

/** Editing starts from the account read by itself, so its save is checked against what the form shows. */
export function AccountFormDialog(props: Props) {
  const { account, onClose } = props;
  return (
    <WithEditBase<AccountView> url={account === null ? null : accountUrl(account.id)} title="Edit Account" onOpenChange={(open) => !open && onClose()}>
      {(base, reload) => <AccountForm {...props} account={base} onReload={reload} />}
    </WithEditBase>
  );
}

function AccountForm({ account, isAdmin, onClose, onReload }: Props & { onReload: (current: AccountView) => void }) {
  const conflict = useChangedElsewhere();
  const [fields, setFields] = useState<Fields>(() => initialFields(account));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const editing = account !== null;
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => (e[key] === undefined ? e : { ...e, [key]: undefined }));
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = payload(fields, isAdmin);
    const parsed = validate(accountInputSchema, body);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setSaving(true);
    try {
      const value: AccountInput = parsed.value;
      if (editing) await conflict.save(account, (basedOn) => updateAccount(account.id, value, basedOn), { saved: onClose, reload: onReload });
      else {
        await createAccount(value);
        onClose();
      }
      setSaving(false);
    } catch (err) {
      setSaving(false);
      // The toast told the user; a field the server blamed is marked too.
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl" data-testid="account-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Account' : 'Add Account'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Change how this account is shown and monitored.' : 'Add an X account whose new posts Riposte watches for replies.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label={editing ? 'Edit Account' : 'Add Account'}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor="account-username">X Username</Label>
              <Input
                id="account-username"
                value={fields.username}
                placeholder="@username or profile link"
                autoComplete="off"
                onChange={(e) => set('username', e.target.value)}
                disabled={saving}
                {...invalidProps('account-username', errors.username)}
              />
              <FieldError id="account-username" error={errors.username} />
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor="account-display-name">Display Name</Label>
              <Input
                id="account-display-name"
                value={fields.displayName}
                maxLength={ACCOUNT_LIMITS.displayNameMax + 10}
                onChange={(e) => set('displayName', e.target.value)}
                disabled={saving}
                {...invalidProps('account-display-name', errors.displayName)}
              />
              <FieldError id="account-display-name" error={errors.displayName} />
            </div>
          </div>

          <div className="grid gap-2">
            <Label htmlFor="account-bio">Bio (optional)</Label>
            <Textarea id="account-bio" rows={2} value={fields.bio} onChange={(e) => set('bio', e.target.value)} disabled={saving} {...invalidProps('account-bio', errors.bio)} />
            <FieldError id="account-bio" error={errors.bio} />
          </div>

          <div className="grid gap-2">
            <Label htmlFor="account-x-id">X User ID (optional)</Label>
            <Input
              id="account-x-id"
              inputMode="numeric"
              value={fields.xUserId}
              onChange={(e) => set('xUserId', e.target.value)}
              disabled={saving}
              {...invalidProps('account-x-id', errors.xUserId)}
            />
            <p className="text-xs text-muted-foreground">Leave it empty: Riposte looks the id up on X.</p>
            <FieldError id="account-x-id" error={errors.xUserId} />
          </div>

          <div className="grid gap-3 sm:grid-cols-2">
            <Toggle id="account-active" label="Active" hint="Inactive accounts are not offered" checked={fields.isActive} onChange={(v) => set('isActive', v)} disabled={saving} />
            <Toggle id="account-monitor" label="Monitor posts" hint="Off pauses monitoring" checked={fields.shouldMonitor} onChange={(v) => set('shouldMonitor', v)} disabled={saving} />
            <Toggle id="account-user-only" label="Only me" hint="Visible to you (and admins) only" checked={fields.userOnly} onChange={(v) => set('userOnly', v)} disabled={saving} />
          </div>

          {isAdmin && (
            <fieldset className="grid gap-4 rounded-lg border border-dashed p-4" data-testid="admin-options">
              <legend className="px-1 text-sm font-medium">Admin options</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid content-start gap-2">
                  <Label htmlFor="account-tier">Monitoring tier</Label>
                  <Select
                    value={fields.monitoringTier}
                    onValueChange={(v) => {
                      const tier = v as MonitoringTier;
                      set('monitoringTier', tier);
                      set('monitoringInterval', String(intervalOfTier(tier)));
                    }}
                    disabled={saving}
                  >
                    <SelectTrigger id="account-tier" aria-label="Monitoring tier">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {MONITORING_TIERS.map((t) => (
                        <SelectItem key={t} value={t}>
                          {TIER_LABELS[t]} · every {TIER_INTERVALS[t]} min
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  {editing && <p className="text-xs text-muted-foreground">A new tier or interval needs X Admin verification (Tier Management).</p>}
                </div>
                <div className="grid content-start gap-2">
                  <Label htmlFor="account-interval">Check every (minutes)</Label>
                  <Input
                    id="account-interval"
                    type="number"
                    inputMode="numeric"
                    min={ACCOUNT_LIMITS.intervalMin}
                    max={ACCOUNT_LIMITS.intervalMax}
                    value={fields.monitoringInterval}
                    onChange={(e) => set('monitoringInterval', e.target.value)}
                    disabled={saving}
                    {...invalidProps('account-interval', errors.monitoringInterval)}
                  />
                  <FieldError id="account-interval" error={errors.monitoringInterval} />
                </div>
              </div>
              <div className="grid gap-2">
                <span className="text-sm font-medium">Visible to</span>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {(
                    [
                      ['visibleToLegacy', 'Legacy Users'],
                      ['visibleToNormal', 'Normal Users'],
                      ['adminOnly', 'Admin Only'],
                    ] as const
                  ).map(([key, label]) => (
                    <label key={key} className="flex items-center gap-2 text-sm" htmlFor={`account-${key}`}>
                      <Checkbox id={`account-${key}`} checked={fields[key]} onCheckedChange={(v) => set(key, v === true)} disabled={saving} />
                      {label}
                    </label>
                  ))}
                </div>
              </div>
            </fieldset>
          )}

          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {saving ? 'Saving...' : editing ? 'Save Changes' : 'Add Account'}
            </Button>
          </DialogFooter>
        </form>
        {conflict.dialog}
      </DialogContent>
    </Dialog>
  );
}
