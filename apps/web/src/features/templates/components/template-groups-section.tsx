// Template groups (spec part 2 §1, §3): a group alternates its templates. Build groups, add and
// remove templates, and set their order.
import { useState } from 'react';
import { Layers, Plus } from 'lucide-react';
import { ConfirmDeleteDialog } from '@web/components/confirm-delete-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { deleteGroup, useTemplateGroups, type Template, type TemplateGroup } from '@web/features/templates/api/templates';
import { GroupCard } from '@web/features/templates/components/group-card';
import { GroupDialog } from '@web/features/templates/components/group-dialog';

function DeleteGroupDialog({ group, onClose }: { group: TemplateGroup | null; onClose: () => void }) {
  return (
    <ConfirmDeleteDialog
      target={group}
      title="Delete Template Group"
      description="Are you sure you want to delete this template group? Its templates are kept. This action cannot be undone."
      onDelete={(g) => deleteGroup(g.id)}
      onClose={onClose}
    />
  );
}

export function TemplateGroupsSection({ templates }: { templates: Template[] }) {
  const { data: groups, error, isLoading } = useTemplateGroups();
  const [editing, setEditing] = useState<{ group: TemplateGroup | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<TemplateGroup | null>(null);

  return (
    <section aria-labelledby="template-groups-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="template-groups-heading" className="text-xl font-semibold tracking-tight">
            Template Groups
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">A group alternates its templates in the order below, skipping inactive ones.</p>
        </div>
        <Button variant="outline" onClick={() => setEditing({ group: null, key: Date.now() })}>
          <Plus />
          New Group
        </Button>
      </div>

      {error ? (
        <p className="text-sm text-destructive" role="alert">
          Failed to load template groups: {error.message}
        </p>
      ) : isLoading || !groups ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : groups.length === 0 ? (
        <Card className="items-center gap-2 border-dashed px-6 py-8 text-center" data-testid="groups-empty">
          <Layers className="size-8 text-muted-foreground" />
          <p className="font-medium">No template groups yet</p>
          <p className="text-sm text-muted-foreground">Group templates to send them in turn from one schedule.</p>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {groups.map((g) => (
            <GroupCard key={g.id} group={g} templates={templates} onEdit={() => setEditing({ group: g, key: Date.now() })} onDelete={() => setDeleting(g)} />
          ))}
        </div>
      )}

      {editing && <GroupDialog key={editing.key} open group={editing.group} onOpenChange={(open) => !open && setEditing(null)} />}
      <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
