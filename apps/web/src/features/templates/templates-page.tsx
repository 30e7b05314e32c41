// The Templates screen (spec part 2 §2): heading and 'New Template', a grid of 1 to 3 columns,
// 3 skeletons while loading, the empty state, the cards, the create/edit and delete dialogs; then
// the template groups.
import { useState } from 'react';
import { FileText, Plus } from 'lucide-react';
import { usePublicConfig } from '@web/hooks/use-public-config';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { PageHeader } from '@web/components/page-header';
import { useTemplates, type Template } from '@web/features/templates/api/templates';
import { DeleteTemplateDialog } from '@web/features/templates/components/delete-template-dialog';
import { MentionWarning, useMentionWarning } from '@web/features/templates/components/mention-warning';
import { TemplateCard } from '@web/features/templates/components/template-card';
import { TemplateFormDialog } from '@web/features/templates/components/template-form-dialog';
import { TemplateGroupsSection } from '@web/features/templates/components/template-groups-section';


const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function LoadingGrid() {
  return (
    <div className={GRID} data-testid="templates-loading" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="gap-3 px-5" data-testid="template-skeleton">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-3 w-32" />
        </Card>
      ))}
    </div>
  );
}

export default function TemplatesPage() {
  const { data: templates, error, isLoading } = useTemplates();
  const { data: config } = usePublicConfig();
  // A fresh key per opening remounts the dialog, so it starts from the right values and closing
  // clears the edit target (spec §4).
  const [dialog, setDialog] = useState<{ template: Template | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const warning = useMentionWarning();

  const openNew = () => setDialog({ template: null, key: Date.now() });

  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <PageHeader
          title="Templates"
          description="Reusable replies, fixed or rewritten by AI in a viral style."
          actions={
            <Button onClick={openNew}>
              <Plus />
              New Template
            </Button>
          }
        />
        <MentionWarning shownAt={warning.shownAt} />

        {error ? (
          <Card className="px-6 py-8 text-center" role="alert">
            <p className="font-medium">Failed to load templates</p>
            <p className="text-sm text-muted-foreground">{error.message}</p>
          </Card>
        ) : isLoading || !templates ? (
          <LoadingGrid />
        ) : templates.length === 0 ? (
          <Card className="items-center gap-3 border-dashed px-6 py-12 text-center" data-testid="templates-empty">
            <FileText className="size-10 text-muted-foreground" />
            <p className="text-lg font-medium">No templates found</p>
            <Button variant="outline" onClick={openNew}>
              <Plus />
              Create your first template
            </Button>
          </Card>
        ) : (
          <div className={GRID} data-testid="templates-grid">
            {templates.map((t) => (
              <TemplateCard key={t.id} template={t} onEdit={() => setDialog({ template: t, key: Date.now() })} onDelete={() => setDeleting(t)} />
            ))}
          </div>
        )}
      </div>

      {templates && <TemplateGroupsSection templates={templates} />}

      {dialog && (
        <TemplateFormDialog
          key={dialog.key}
          open
          template={dialog.template}
          aiOffline={config?.aiOffline ?? false}
          onOpenChange={(open) => !open && setDialog(null)}
          onSaved={(_saved, mentionsRemoved) => {
            setDialog(null);
            if (mentionsRemoved) warning.show();
          }}
        />
      )}
      <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
