// The one live @mention warning of every composer: shown while the text holds a mention X would
// link, gone as soon as it does not. Riposte strips mentions from everything it posts (ADR 0007).
import { TriangleAlert } from 'lucide-react';
import { hasMentions } from '@core/text/mentions';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';

export function MentionWarning({ text }: { text: string }) {
  if (!hasMentions(text)) return null;
  return (
    <Alert variant="warning" data-testid="mentions-warning">
      <TriangleAlert />
      <AlertTitle>Warning: @Mentions Detected</AlertTitle>
      <AlertDescription>Your reply contains @mentions. They will be removed before sending, as X's policies on automated replies require.</AlertDescription>
    </Alert>
  );
}
