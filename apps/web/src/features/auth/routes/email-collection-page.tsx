// /email-collection: where sign-in sends a user whose email is still missing.
import { Mail } from 'lucide-react';
import { Redirect, useLocation } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';
import { useNeedsEmail } from '@web/features/auth/api/email';
import { AuthLayout } from '@web/components/auth-layout';
import { EmailForm } from '@web/features/auth/components/email-form';
import { emailPurpose, HOME_AFTER_SIGN_IN } from '@web/features/auth/constants';

export default function EmailCollectionPage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const { data, error, isLoading } = useNeedsEmail(user !== null);
  // Sign-in sent this user here because the email is missing: if the check fails (its toast says
  // so), the form is still the right thing to show, never an endless spinner.
  if (data === undefined && (isLoading || error === undefined)) return <PageSpinner />;
  if (data && !data.needsEmail) return <Redirect to={HOME_AFTER_SIGN_IN} replace />;
  return (
    <AuthLayout>
      <Card>
        <CardHeader>
          <div className="mb-1 grid size-11 place-items-center rounded-full bg-indigo-100 text-indigo-700">
            <Mail className="size-5" />
          </div>
          <CardTitle as="h1" className="text-xl">Welcome to Riposte!</CardTitle>
          <CardDescription>
            {emailPurpose(user?.tier)}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <EmailForm initialEmail={data?.testMode ? '' : (data?.currentEmail ?? '')} onSaved={() => navigate(HOME_AFTER_SIGN_IN)} />
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
