// 'n/25000 characters' under a reply field, counted as readers see characters (core/text/length).
import { CONTENT_MAX } from '@core/scheduling/messages';
import { countCharacters } from '@core/text/length';
import { cn } from '@web/lib/utils';

export function ContentCounter({ text, max = CONTENT_MAX, testId = 'content-counter' }: { text: string; max?: number; testId?: string }) {
  const n = countCharacters(text);
  return (
    <p className={cn('shrink-0 text-xs tabular-nums text-muted-foreground', n > max && 'font-medium text-destructive')} data-testid={testId} aria-live="polite">
      {n}/{max} characters
    </p>
  );
}
