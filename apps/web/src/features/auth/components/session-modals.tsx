// The two modals that may open over any screen for a signed-in user: the forced password change
// first, then (once that is done) the email collection dialog. Both are lazy chunks, loaded only
// when one has to open.
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useAuth } from '@web/lib/auth';
import { emailState, useNeedsEmail } from '@web/features/auth/api/email';

const ChangePasswordDialog = lazy(() =>
  import('@web/features/auth/components/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);
const EmailDialog = lazy(() => import('@web/features/auth/components/email-dialog').then((m) => ({ default: m.EmailDialog })));

export function SessionModals() {
  const { user } = useAuth();
  const [location] = useLocation();
  const mustChangePassword = user?.passwordChangeRequired === true;
  const { data } = useNeedsEmail(user !== null && !mustChangePassword);
  const { closedFor } = useSnapshot(emailState);

  // Opens once per user and mode (test mode resets it); /email-collection has its own form.
  const wantsEmail = user !== null && !mustChangePassword && data?.needsEmail === true && location !== '/email-collection';
  const dialogKey = user ? `${user.id}:${data?.testMode ? 'test' : 'live'}` : null;
  const emailOpen = wantsEmail && closedFor !== dialogKey;

  if (!user) return null;
  return (
    <Suspense fallback={null}>
      {mustChangePassword && <ChangePasswordDialog open hasPassword={user.hasPassword} />}
      {emailOpen && (
        <EmailDialog
          open
          initialEmail={data?.testMode ? '' : (data?.currentEmail ?? '')}
          onOpenChange={(next) => {
            if (!next && dialogKey) emailState.closedFor = dialogKey;
          }}
        />
      )}
    </Suspense>
  );
}
