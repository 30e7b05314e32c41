// The platform-policy notices about @mentions (spec part 2 §1, §2, §5): Riposte strips every
// @mention from what it posts. Classic shows a standing notice; V2 a warning once one is typed.
import { AtSign, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';

export function MentionsPolicyNotice() {
  return (
    <Alert variant="info" data-testid="mentions-policy">
      <AtSign />
      <AlertTitle>@mentions are removed from replies</AlertTitle>
      <AlertDescription>
        To respect X platform policies and keep your accounts safe from restrictions, Riposte strips every @mention from the replies it sends.
      </AlertDescription>
    </Alert>
  );
}

export function MentionsDetectedWarning() {
  return (
    <Alert variant="warning" data-testid="mentions-warning">
      <TriangleAlert />
      <AlertTitle>Warning: @Mentions Detected</AlertTitle>
      <AlertDescription>Your reply contains @mentions. They will be removed before sending, as X's policies on automated replies require.</AlertDescription>
    </Alert>
  );
}
