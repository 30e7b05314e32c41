// 'Preview variation' in the template dialog: what the AI writer would make of the content in
// the chosen style, labelled when the offline writer wrote it. Nothing is saved.
import { useState } from 'react';
import { Wand2 } from 'lucide-react';
import type { ClassicStyle } from '@core/styles';
import { countCharacters } from '@core/text/length';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { previewVariation, type Variation } from '@web/features/templates/api/templates';

type Props = { content: string; viralStyle: ClassicStyle; aiMaxLength: number; disabled: boolean };

export function AiPreview({ content, viralStyle, aiMaxLength, disabled }: Props) {
  const [pending, setPending] = useState(false);
  const [variation, setVariation] = useState<Variation | null>(null);

  async function preview() {
    setPending(true);
    try {
      setVariation(await previewVariation({ content, viralStyle, aiMaxLength }));
    } catch (err) {
      toast({ title: 'Error generating preview', description: errorMessage(err, 'Unknown error occurred'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-2">
      <Button variant="secondary" size="sm" className="w-fit" onClick={() => void preview()} disabled={disabled || pending || content.trim() === ''}>
        {pending ? <Spinner /> : <Wand2 />}
        {pending ? 'Writing...' : variation ? 'Another variation' : 'Preview variation'}
      </Button>
      {variation && (
        <figure className="grid gap-1 rounded-md border bg-muted/40 p-3" data-testid="ai-preview">
          <blockquote className="whitespace-pre-wrap break-words text-sm">{variation.content}</blockquote>
          <figcaption className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span className="tabular-nums">
              {countCharacters(variation.content)}/{aiMaxLength}
            </span>
            {variation.offline ? <Badge variant="info">Offline writer</Badge> : <span>{variation.model}</span>}
          </figcaption>
        </figure>
      )}
    </div>
  );
}
