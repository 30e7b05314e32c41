// For admins, on every signed-in page: sending to X is paused for the whole installation because
// X refuses the app itself (credits used up, keys not enrolled), with X's own words. It goes away
// by itself once the scheduler's probe finds X answering again.
import useSWR from 'swr';
import type { XSendingView } from '@core/x-sending';
import { formatDateTime, useUserZone } from '@web/lib/time-format';

const POLL_MS = 60_000;

export function XSendingBanner() {
  const zone = useUserZone();
  const { data } = useSWR<XSendingView, Error>('/api/admin/x-sending', { refreshInterval: POLL_MS });
  if (data?.state !== 'paused') return null;
  return (
    <div role="alert" data-testid="x-sending-banner" className="bg-destructive px-4 py-2 text-center text-sm text-destructive-foreground">
      <p className="font-semibold">Sending to X is paused</p>
      <p>
        {data.message}. Since {formatDateTime(data.since, zone)}; replies due meanwhile wait, and sending resumes by itself once X answers again.
      </p>
      {data.detail && <p className="text-xs opacity-90">X said: {data.detail}</p>}
    </div>
  );
}
