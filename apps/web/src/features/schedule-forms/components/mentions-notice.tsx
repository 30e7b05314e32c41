// The platform-policy notices about @mentions (spec part 2 §1, §2, §5): Riposte strips every
// @mention from what it posts. Classic shows this standing notice; every composer also shows the
// live warning of features/schedules (MentionWarning) while the text holds one.
import { AtSign } from 'lucide-react';
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
