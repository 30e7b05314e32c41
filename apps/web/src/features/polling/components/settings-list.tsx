// A list of settings in one card, or the spec's load error.
import { POLLING_MESSAGES } from '@core/polling/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { PollingSettingView } from '@web/features/polling/api/polling';
import { SettingField } from './setting-field';

export function SettingsList({ settings, error }: { settings: PollingSettingView[] | undefined; error: Error | undefined }) {
  if (error !== undefined && settings === undefined) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{POLLING_MESSAGES.loadFailed}</AlertDescription>
      </Alert>
    );
  }
  if (settings === undefined) return <Skeleton className="h-48 w-full" />;
  return (
    <Card className="py-0">
      <CardContent className="px-4 sm:px-6">
        {settings.map((s) => (
          <SettingField key={s.settingKey} setting={s} />
        ))}
      </CardContent>
    </Card>
  );
}
