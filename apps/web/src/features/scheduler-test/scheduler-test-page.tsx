// Admin: Scheduler Test (/admin/scheduler-test; spec part 2 §2, §4, §7, §8): tabs Create Test,
// Direct Reply and Recent Replies. After a direct reply the page shows Recent Replies. A refusal
// about X's credentials raises the 'X Authentication Failed' banner with its three ways out.
import { useCallback, useRef, useState } from 'react';
import { AdminOnly } from '@web/components/admin-only';
import { PageHeader } from '@web/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useTargetAccounts, useXAccounts } from '@web/features/schedules';
import { AuthFailureBanner } from './components/auth-failure-banner';
import { CreateTestTab } from './components/create-test-tab';
import { DirectReplyTab } from './components/direct-reply-tab';
import { RecentRepliesTab } from './components/recent-replies-tab';
import { useTokenRefresh } from './components/use-token-refresh';
import type { AuthTrouble } from './outcome';

type Tab = 'create' | 'direct' | 'recent';

function SchedulerTest() {
  const [tab, setTab] = useState<Tab>('create');
  const [trouble, setTrouble] = useState<AuthTrouble | null>(null);
  const targets = useTargetAccounts();
  const accounts = useXAccounts();
  // Failed replies already warned about: once the warning is dismissed or the token refreshed, they
  // do not raise it again; a new failure does.
  const known = useRef(new Set<string>());
  const handled = useRef(new Set<string>());
  const raise = useCallback((t: AuthTrouble) => {
    if (t.replyIds !== undefined) {
      for (const id of t.replyIds) known.current.add(id);
      if (t.replyIds.every((id) => handled.current.has(id))) return;
    }
    setTrouble((current) => (current === null ? t : { ...current, replyIds: [...(current.replyIds ?? []), ...(t.replyIds ?? [])] }));
  }, []);
  const settle = () => {
    for (const id of known.current) handled.current.add(id);
    setTrouble(null);
  };
  const refresher = useTokenRefresh(settle);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Scheduler Test" description="Create test schedules and run them now, send a direct reply, and watch the latest replies." />
      {trouble && (
        <AuthFailureBanner
          detail={trouble.detail}
          refreshing={refresher.pending}
          blockedUrl={refresher.blockedUrl}
          onRefresh={() => void refresher.refresh(trouble.accountId, accounts.accounts)}
          onDismiss={settle}
        />
      )}
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="create">Create Test</TabsTrigger>
          <TabsTrigger value="direct">Direct Reply</TabsTrigger>
          <TabsTrigger value="recent">Recent Replies</TabsTrigger>
        </TabsList>
        {/* Every tab stays mounted: a half-filled form survives a look at Recent Replies, and the
            recent replies keep their 5 s refresh (and their warning) whichever tab is shown. */}
        <TabsContent value="create" forceMount className="data-[state=inactive]:hidden">
          <CreateTestTab targets={targets.accounts} accounts={accounts.accounts} onAuthFailure={raise} />
        </TabsContent>
        <TabsContent value="direct" forceMount className="data-[state=inactive]:hidden">
          <DirectReplyTab targets={targets.accounts} accounts={accounts.accounts} onAuthFailure={raise} onSent={() => setTab('recent')} />
        </TabsContent>
        <TabsContent value="recent" forceMount className="data-[state=inactive]:hidden">
          <RecentRepliesTab onAuthFailure={raise} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export default function SchedulerTestPage() {
  return (
    <AdminOnly page="Scheduler Test">
      <SchedulerTest />
    </AdminOnly>
  );
}
