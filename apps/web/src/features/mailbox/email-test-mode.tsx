// Admin-only buttons that replay the email dialog on local hosts (spec part 1 §4). A developer's
// tool, so it sits with the admin's other mail tool rather than in the dashboard's header.
import { FlaskConical, LogOut } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { usePublicConfig } from '@web/hooks/use-public-config';
import { Button } from '@web/components/ui/button';
import { activateEmailTestMode, deactivateEmailTestMode, emailState, isLocalHost } from '@web/features/auth';
import type { User } from '@web/lib/user-model';

export function EmailTestMode({ user }: { user: User }) {
  const { testMode } = useSnapshot(emailState);
  const { data: config } = usePublicConfig({ enabled: user.role === 'admin' });
  const allowed = user.role === 'admin' && (isLocalHost(window.location.hostname) || config?.emailTestMode === true);
  if (!allowed) return null;
  return testMode ? (
    <Button variant="outline" size="sm" onClick={deactivateEmailTestMode}>
      <LogOut />
      Exit Email Test Mode
    </Button>
  ) : (
    <Button variant="outline" size="sm" onClick={() => void activateEmailTestMode()}>
      <FlaskConical />
      Test Email Dialog
    </Button>
  );
}
