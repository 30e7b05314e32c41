// A list that could not be loaded (spec part 2 §8: 'Error loading …' with 'Please try again.') and
// a Retry button.
import { Button } from '@web/components/ui/button';

export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-2 py-8 text-center" role="alert">
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">Please try again.</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
