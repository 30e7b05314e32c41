// The Reply Status Badge Test page's rows: every status the badges know, grouped by the status
// group core derives, plus the 'Auth Failed' case (a failed reply whose message speaks of
// authentication) and the edge cases of spec part 2 §4 (empty shows as pending; unknown as-is).
import { BADGE_TEST_STATUSES, statusBadge, statusReason, type StatusBadge, type StatusGroup } from '@core/replies/views';

export type BadgeSample = { key: string; status: string; message: string | null; badge: StatusBadge; reason: string };
export type BadgeCategory = { title: string; samples: BadgeSample[] };

const GROUP_TITLES: Readonly<Record<StatusGroup, string>> = {
  success: 'Success',
  in_progress: 'In progress',
  action: 'Waiting for you',
  failure: 'Failures',
  cancelled: 'Cancelled',
  ended: 'Ended without sending',
  other: 'Other',
};

const sample = (key: string, status: string, message: string | null = null): BadgeSample => ({
  key,
  status,
  message,
  badge: statusBadge(status, message),
  reason: statusReason(status, message),
});

export const AUTH_FAILED_SAMPLE_MESSAGE = 'X refused the credentials (401 Unauthorized): reconnect the account';

export function badgeCategories(): BadgeCategory[] {
  const samples = [
    ...BADGE_TEST_STATUSES.map((s) => sample(s, s)),
    sample('failed+auth', 'failed', AUTH_FAILED_SAMPLE_MESSAGE),
    sample('(empty)', ''),
    sample('unknown_value', 'unknown_value'),
  ];
  const order = Object.keys(GROUP_TITLES) as StatusGroup[];
  const categories = order.map((group) => ({ title: GROUP_TITLES[group], samples: samples.filter((s) => s.badge.group === group && !s.badge.authFailed) }));
  const authFailed = { title: 'Auth Failed', samples: samples.filter((s) => s.badge.authFailed) };
  const failures = order.indexOf('failure');
  categories.splice(failures + 1, 0, authFailed);
  return categories.filter((c) => c.samples.length > 0);
}
