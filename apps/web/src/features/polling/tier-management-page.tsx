// Admin: Tier Management (/admin/tier-management; spec part 2 §4, §9): Tier Settings (the tier
// intervals) and Account Tiers, both behind the X Admin token dialog. Everyone but an admin is
// sent to /.
import { useState } from 'react';
import { PageHeader } from '@web/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useTierSettings } from './api/polling';
import { AccountTiers } from './components/account-tiers';
import { AdminGate } from './components/admin-gate';
import { SettingsList } from './components/settings-list';
import { XAdminDialog } from './components/x-admin-dialog';
import { XAdminStatus } from './components/x-admin-status';

type Tab = 'settings' | 'accounts';

function TierManagement() {
  const [tab, setTab] = useState<Tab>('settings');
  const { data, error } = useTierSettings();
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="tier-management-page">
      <PageHeader
        title="Tier Management"
        description="Monitored accounts' tiers (high, standard, low) and the minutes between reads set for each tier. Changes need X Admin verification."
        actions={<XAdminStatus />}
      />
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="settings">Tier Settings</TabsTrigger>
          <TabsTrigger value="accounts">Account Tiers</TabsTrigger>
        </TabsList>
        <TabsContent value="settings">
          <SettingsList settings={data} error={error} />
        </TabsContent>
        <TabsContent value="accounts">
          <AccountTiers />
        </TabsContent>
      </Tabs>
      <XAdminDialog />
    </div>
  );
}

export default function TierManagementPage() {
  return (
    <AdminGate>
      <TierManagement />
    </AdminGate>
  );
}
