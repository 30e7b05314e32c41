/** The dashboard's query parameters, checked at the HTTP edge. */
import { z } from 'zod';

export const ACTIVITY_MAX_DAYS = 90;
export const ACTIVITY_DEFAULT_DAYS = 14;

const DAYS_MESSAGE = `Days must be a whole number from 1 to ${ACTIVITY_MAX_DAYS}`;

/** GET /api/dashboard/activity?days=: absent or blank is the default, 14. A repeated parameter is refused. */
export const activityQuerySchema = z.object({
  days: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: DAYS_MESSAGE }).int({ error: DAYS_MESSAGE }).min(1, { error: DAYS_MESSAGE }).max(ACTIVITY_MAX_DAYS, { error: DAYS_MESSAGE }).default(ACTIVITY_DEFAULT_DAYS),
  ),
});
