// One template group: its templates in rotation order (drag or keyboard to reorder, remove), a
// picker to add one of the user's other templates, and edit/delete.
import { useEffect, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { cn } from '@web/lib/utils';
import { setGroupTemplates, type Template, type TemplateGroup } from '@web/features/templates/api/templates';
import { SortableTemplateList, type ListItem } from '@web/features/templates/components/sortable-template-list';

type Props = { group: TemplateGroup; templates: Template[]; onEdit: () => void; onDelete: () => void };

export function GroupCard({ group, templates, onEdit, onDelete }: Props) {
  // The order on screen moves at once; the server's answer then replaces it (or the list is
  // refetched when the save failed).
  const [ids, setIds] = useState(group.templateIds);
  const [saving, setSaving] = useState(false);
  useEffect(() => setIds(group.templateIds), [group.templateIds]);

  const byId = new Map(templates.map((t) => [t.id, t]));
  const items: ListItem[] = ids.flatMap((id) => {
    const t = byId.get(id);
    return t ? [{ id, name: t.name, isActive: t.isActive }] : [];
  });
  const addable = templates.filter((t) => !ids.includes(t.id));

  const save = async (next: string[]) => {
    setIds(next);
    setSaving(true);
    try {
      await setGroupTemplates(group.id, next);
    } catch {
      setIds(group.templateIds);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card data-testid="template-group" className={cn('min-w-0 gap-4', !group.isActive && 'opacity-70')}>
      <CardHeader className="grid-cols-[minmax(0,1fr)_auto] items-start gap-2">
        <div className="grid min-w-0 gap-1">
          <CardTitle className="truncate text-base" title={group.name}>
            {group.name}
          </CardTitle>
          {group.description && <CardDescription className="line-clamp-2">{group.description}</CardDescription>}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Badge variant={group.isActive ? 'success' : 'secondary'}>{group.isActive ? 'Active' : 'Inactive'}</Badge>
          <Button variant="ghost" size="icon-sm" onClick={onEdit} aria-label={`Edit group ${group.name}`}>
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onDelete}
            aria-label={`Delete group ${group.name}`}
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {items.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">No templates in this group yet.</p>
        ) : (
          <SortableTemplateList items={items} disabled={saving} onReorder={(next) => void save(next)} onRemove={(id) => void save(ids.filter((x) => x !== id))} />
        )}
        {addable.length > 0 && (
          <Select value="" onValueChange={(id) => void save([...ids, id])} disabled={saving}>
            <SelectTrigger aria-label={`Add a template to ${group.name}`} className="text-muted-foreground">
              <span className="flex items-center gap-2">
                <Plus className="size-4" />
                <SelectValue placeholder="Add a template" />
              </span>
            </SelectTrigger>
            <SelectContent>
              {addable.map((t) => (
                <SelectItem key={t.id} value={t.id}>
                  {t.name}
                  {!t.isActive && <span className="ml-1 text-xs text-muted-foreground">(inactive)</span>}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </CardContent>
    </Card>
  );
}
