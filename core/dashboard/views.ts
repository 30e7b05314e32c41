import { z } from 'zod';
import type { DeliveryMode } from '@core/replies/model';
import type { Earliness } from '@core/replies/rules/earliness';
import type { BadgeVariant } from '@core/replies/views';
import { describes } from '@core/shared/response-schema';
// The dashboard's answers (spec part 1 §3 'Dashboard metrics', 'Connected account sample',
// 'Activity item'), shared by the server's read queries and the web app's hooks.

const earlinessSchema = describes<Earliness>()(
  z.object({ measured: z.number().int(), medianMinutes: z.number().nullable(), within5: z.number(), within15: z.number() }),
);

export interface MetricsOverview {
  impressionsToday: number;
  impressionsWeek: number;
  impressionsMonth: number;
  repliesSent: number;
  scheduledReplies: number;
  monitoredAccounts: number;
  engagementRate: number;
  /** How soon after the target post the user's replies of the last 30 days went out, per delivery mode. */
  earliness: Record<DeliveryMode, Earliness>;
}

/** GET /api/metrics/overview (openapi: responds). */
export const metricsOverviewSchema = describes<MetricsOverview>()(
  z.object({
    impressionsToday: z.number(),
    impressionsWeek: z.number(),
    impressionsMonth: z.number(),
    repliesSent: z.number().int(),
    scheduledReplies: z.number().int(),
    monitoredAccounts: z.number().int(),
    engagementRate: z.number(),
    earliness: z.object({ direct: earlinessSchema, assisted: earlinessSchema }),
  }),
);

export interface ConnectedAccountItem {
  id: string;
  username: string;
  profileImageUrl: string | null;
}

/** GET /api/connected-accounts: the user's active connected accounts, slim (openapi: responds). */
export const connectedAccountItemSchema = describes<ConnectedAccountItem>()(z.object({ id: z.string(), username: z.string(), profileImageUrl: z.string().nullable() }));

export interface ActivityItem {
  id: string;
  type: 'reply' | 'schedule' | 'account';
  targetAccount: string;
  content?: string;
  timestamp: string;
  status?: 'sent' | 'scheduled';
  /** A reply's state as every list shows it (core/scheduling/run-state.ts): badge, reason, no link. */
  outcome?: { label: string; variant: BadgeVariant; reason: string | null; link: null; at: string | null };
  action?: 'added' | 'removed';
}

/** One UTC day of the dashboard's chart: replies the user sent and impressions their replies gained. */
export interface ActivityDay {
  /** 'YYYY-MM-DD', a UTC day. */
  date: string;
  repliesSent: number;
  impressions: number;
}

/** GET /api/dashboard/activity: the last `days` UTC days, oldest first, today last. */
export interface DashboardActivity {
  timeZone: 'UTC';
  days: ActivityDay[];
}

/** GET /api/dashboard/activity (openapi: responds). */
export const dashboardActivitySchema = describes<DashboardActivity>()(
  z.object({
    timeZone: z.literal('UTC'),
    days: z.array(describes<ActivityDay>()(z.object({ date: z.string(), repliesSent: z.number().int(), impressions: z.number() }))),
  }),
);
