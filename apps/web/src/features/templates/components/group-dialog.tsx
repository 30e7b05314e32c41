// Create or edit a template group: name (at most 100 characters), description, active.
import { useState, type FormEvent } from 'react';
import { TEMPLATE_LIMITS, templateGroupInputSchema } from '@core/templates/schemas';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { ApiError } from '@web/lib/api';
import { useChangedElsewhere, WithEditBase } from '@web/components/changed-elsewhere';
import { validate, type FieldErrors } from '@web/lib/form';
import { createGroup, groupUrl, updateGroup, type TemplateGroup } from '@web/features/templates/api/templates';

type Props = { open: boolean; group: TemplateGroup | null; onOpenChange: (open: boolean) => void };

/** Editing starts from the group read by itself, so its save is checked against what the form shows. */
export function GroupDialog(props: Props) {
  const { group, onOpenChange } = props;
  return (
    <WithEditBase<TemplateGroup> url={group === null ? null : groupUrl(group.id)} title="Edit Template Group" onOpenChange={onOpenChange}>
      {(base, reload) => <GroupForm {...props} group={base} onReload={reload} />}
    </WithEditBase>
  );
}

function GroupForm({ open, group, onOpenChange, onReload }: Props & { onReload: (current: TemplateGroup) => void }) {
  const conflict = useChangedElsewhere();
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [isActive, setIsActive] = useState(group?.isActive ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const editing = group !== null;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = validate(templateGroupInputSchema, { name, description, isActive });
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setSaving(true);
    const fields = { name: parsed.value.name, description: parsed.value.description ?? null, isActive };
    try {
      const done = () => onOpenChange(false);
      if (editing) await conflict.save(group, (basedOn) => updateGroup(group.id, fields, basedOn), { saved: done, reload: onReload });
      else {
        await createGroup(fields);
        done();
      }
      setSaving(false);
    } catch (err) {
      setSaving(false);
      if (err instanceof ApiError && err.field) setErrors({ [err.field]: err.message });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent data-testid="group-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Template Group' : 'Create Template Group'}</DialogTitle>
          <DialogDescription>A group hands out its templates in turn, skipping inactive ones.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label={editing ? 'Edit Template Group' : 'Create Template Group'}>
          <div className="grid gap-2">
            <Label htmlFor="group-name">Group Name</Label>
            <Input
              id="group-name"
              value={name}
              maxLength={TEMPLATE_LIMITS.groupNameMax + 20}
              onChange={(e) => {
                setName(e.target.value);
                setErrors((x) => ({ ...x, name: undefined }));
              }}
              disabled={saving}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'group-name-error' : undefined}
            />
            {errors.name && (
              <p id="group-name-error" role="alert" className="text-sm font-medium text-destructive">
                {errors.name}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="group-description">Description</Label>
            <Textarea
              id="group-description"
              value={description}
              rows={3}
              onChange={(e) => {
                setDescription(e.target.value);
                setErrors((x) => ({ ...x, description: undefined }));
              }}
              disabled={saving}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'group-description-error' : undefined}
            />
            {errors.description && (
              <p id="group-description-error" role="alert" className="text-sm font-medium text-destructive">
                {errors.description}
              </p>
            )}
          </div>
          <label className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5" htmlFor="group-active">
            <span className="text-sm font-medium">Active</span>
            <Switch id="group-active" checked={isActive} onCheckedChange={setIsActive} disabled={saving} />
          </label>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {saving ? 'Saving...' : editing ? 'Save Changes' : 'Create Group'}
            </Button>
          </DialogFooter>
        </form>
        {conflict.dialog}
      </DialogContent>
    </Dialog>
  );
}
