// The start of the post a reply answers, so the person sees what they are replying to without
// opening X. A Premium author's post may run to 25,000 characters: only its start is shown.
import { cn } from '@web/lib/utils';

const MAX_CHARS = 280;

/** The first MAX_CHARS characters (whole code points), with '…' when there was more. */
export const excerptOf = (text: string): string => {
  const chars = Array.from(text.trim());
  return chars.length <= MAX_CHARS ? chars.join('') : `${chars.slice(0, MAX_CHARS).join('').trimEnd()}…`;
};

export function PostExcerpt({ text, className }: { text: string | null; className?: string }) {
  if (text === null || text.trim() === '') return null;
  return (
    <p className={cn('text-xs break-words whitespace-pre-line text-muted-foreground', className)} data-testid="reply-post-excerpt">
      <span className="font-medium">Post: </span>
      {excerptOf(text)}
    </p>
  );
}
