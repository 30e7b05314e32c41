// The one preview of every composer: exactly the text Riposte will post (mentions stripped, as the
// server strips them), or, when the AI writes the reply at send time, what guides it and in which
// style. A text that is only mentions previews as nothing to post.
import { stripMentions } from '@core/text/mentions';
import { styleDefinition, type WritingStyle } from '@core/styles';

type Props = {
  text: string;
  /** The style the AI writes in at send time; null: the text is posted as it is. */
  aiStyle: WritingStyle | null;
  imageName?: string | null;
  /** What is posted when the text is empty and no AI writes (a template's next text, say). */
  emptyNote?: string;
  /** The region's accessible name, when a page shows several previews (Bulk: one per row). */
  label?: string;
};

export function ReplyPreview({ text, aiStyle, imageName, emptyNote = 'Nothing to post yet.', label = 'Preview' }: Props) {
  const posted = stripMentions(text).text;
  return (
    <section aria-label={label} data-testid="reply-preview" className="grid gap-1.5 rounded-lg border border-dashed bg-muted/30 p-3 text-sm">
      <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{aiStyle ? 'Preview: the AI writes the reply when it is sent' : 'Preview: what will be posted'}</h3>
      {aiStyle && (
        <p className="text-xs text-muted-foreground">
          Style: {styleDefinition(aiStyle).label}.{posted === '' ? ' No guidance: the AI answers the post on its own.' : ' Your text guides it:'}
        </p>
      )}
      {posted !== '' ? (
        <p data-testid="reply-preview-text" className="whitespace-pre-wrap break-words">
          {posted}
        </p>
      ) : (
        !aiStyle && <p className="text-muted-foreground">{emptyNote}</p>
      )}
      {imageName && <p className="text-xs text-muted-foreground">With the image {imageName}.</p>}
    </section>
  );
}
