// The spec's '@mentions removed' warning (part 2 §5), shown for 5 seconds after mentions were
// stripped, wherever they were stripped (while editing, or by the server on save).
import { useEffect, useRef, useState } from 'react';
import { AtSign } from 'lucide-react';
import { MENTIONS_REMOVED_WARNING } from '@core/templates/schemas';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';

/** A stamp that changes each time the warning should (re)appear; null hides it. */
export function useMentionWarning(): { shownAt: number | null; show: () => void } {
  const [shownAt, setShownAt] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const show = () => {
    if (timer.current) clearTimeout(timer.current);
    setShownAt(Date.now());
    timer.current = setTimeout(() => setShownAt(null), MENTIONS_REMOVED_WARNING.durationMs);
  };
  return { shownAt, show };
}

export function MentionWarning({ shownAt }: { shownAt: number | null }) {
  if (shownAt === null) return null;
  return (
    <Alert variant="warning" data-testid="mention-warning">
      <AtSign />
      <AlertTitle>{MENTIONS_REMOVED_WARNING.title}</AlertTitle>
      <AlertDescription>{MENTIONS_REMOVED_WARNING.description}</AlertDescription>
    </Alert>
  );
}
