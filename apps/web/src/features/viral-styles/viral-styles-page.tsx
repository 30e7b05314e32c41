// Admin: Viral Response Styles (spec part 2 §2): the explanatory list of the 10 styles and the
// tester. The reply call is checked on the server like every call; the page is for admins.
import { ArrowLeft, Lock } from 'lucide-react';
import { usePublicConfig } from '@web/hooks/use-public-config';
import { Link } from 'wouter';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth';
import { PageHeader } from '@web/components/page-header';
import { ReplyTester } from '@web/features/viral-styles/components/reply-tester';
import { StyleList } from '@web/features/viral-styles/components/style-list';


export default function ViralStylesPage() {
  const { user } = useAuth();
  const { data: config } = usePublicConfig();

  if (user?.role !== 'admin') {
    return (
      <Card className="mx-auto mt-10 max-w-lg items-center px-6 py-10 text-center" data-testid="admin-only">
        <Lock className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">Administrators only</h1>
        <p className="text-muted-foreground">Viral Response Styles is part of the admin area. Your account does not have access to it.</p>
        <Button asChild variant="outline">
          <Link href="/dashboard">
            <ArrowLeft />
            Back to Dashboard
          </Link>
        </Button>
      </Card>
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Viral Response Styles"
        description="The ten styles the AI writer knows, what each is best for, and a tester to try them on any post."
      />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <StyleList />
        <div className="xl:sticky xl:top-6">
          <ReplyTester aiOffline={config?.aiOffline ?? true} />
        </div>
      </div>
    </div>
  );
}
