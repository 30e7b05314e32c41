// Admin: Polling Settings (/admin/polling-settings; spec part 2 §4, §9): the stored settings for
// reading monitored accounts, one tab per category. Everyone but an admin is sent to /.
import { useState } from 'react';
import { CATEGORY_LABELS, POLLING_CATEGORIES, type PollingCategory } from '@core/polling/catalogue';
import { PageHeader } from '@web/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { usePollingSettings } from './api/polling';
import { AdminGate } from './components/admin-gate';
import { ReadStatsCard } from './components/read-stats-card';
import { SettingsList } from './components/settings-list';
import { XAdminDialog } from './components/x-admin-dialog';
import { XAdminStatus } from './components/x-admin-status';

function PollingSettings() {
  const [tab, setTab] = useState<PollingCategory>('tiers');
  const { data, error } = usePollingSettings();
  return (
    <div className="grid grid-cols-1 gap-6" data-testid="polling-settings-page">
      <PageHeader
        title="Polling Settings"
        description="How often monitored accounts are to be read, by tier and period, the hours that bound each period, and limits. Each change is recorded with who made it and when."
        actions={<XAdminStatus />}
      />
      <ReadStatsCard />
      <Tabs value={tab} onValueChange={(v) => setTab(v as PollingCategory)}>
        <TabsList className="w-full sm:w-fit">
          {POLLING_CATEGORIES.map((c) => (
            <TabsTrigger key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </TabsTrigger>
          ))}
        </TabsList>
        {POLLING_CATEGORIES.map((c) => (
          <TabsContent key={c} value={c}>
            <SettingsList settings={data?.filter((s) => s.category === c)} error={error} />
          </TabsContent>
        ))}
      </Tabs>
      <XAdminDialog />
    </div>
  );
}

export default function PollingSettingsPage() {
  return (
    <AdminGate>
      <PollingSettings />
    </AdminGate>
  );
}
