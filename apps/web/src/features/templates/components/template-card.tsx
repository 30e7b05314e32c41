// One template card (spec part 2 §2): name (truncated), Active or Inactive, 'AI-Powered' when AI
// is on, the content, a 'length/25000 characters' counter, edit and delete icon buttons; inactive
// cards are dimmed.
import { Pencil, Sparkles, Trash2 } from 'lucide-react';
import { styleDefinition } from '@core/styles';
import { TEMPLATE_LIMITS } from '@core/templates/schemas';
import { countCharacters } from '@core/text/length';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import type { Template } from '@web/features/templates/api/templates';

type Props = { template: Template; onEdit: () => void; onDelete: () => void };

export function TemplateCard({ template, onEdit, onDelete }: Props) {
  return (
    <Card
      data-testid="template-card"
      data-active={template.isActive}
      className={cn('min-w-0 gap-3 transition-opacity', !template.isActive && 'opacity-60')}
    >
      <CardHeader className="grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
        <CardTitle className="truncate text-base" title={template.name}>
          {template.name}
        </CardTitle>
        <div className="flex shrink-0 items-center gap-1">
          <Button variant="ghost" size="icon-sm" onClick={onEdit} aria-label={`Edit ${template.name}`}>
            <Pencil />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            onClick={onDelete}
            aria-label={`Delete ${template.name}`}
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            <Trash2 />
          </Button>
        </div>
        <div className="col-span-2 flex flex-wrap gap-1.5">
          <Badge variant={template.isActive ? 'success' : 'secondary'}>{template.isActive ? 'Active' : 'Inactive'}</Badge>
          {template.useAI && (
            <Badge variant="admin" title={`Style: ${styleDefinition(template.viralStyle).label}`}>
              <Sparkles />
              AI-Powered
            </Badge>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-6 whitespace-pre-wrap break-words text-sm text-muted-foreground">{template.content}</p>
      </CardContent>
      <CardFooter className="justify-between gap-2 text-xs text-muted-foreground">
        <span className="tabular-nums" data-testid="template-counter">
          {countCharacters(template.content)}/{TEMPLATE_LIMITS.contentMax} characters
        </span>
        {template.useAI && <span className="truncate">{styleDefinition(template.viralStyle).label}</span>}
      </CardFooter>
    </Card>
  );
}
