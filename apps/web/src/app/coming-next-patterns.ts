/** Signed-in routes that have no screen of their own; they show a 'coming next' panel. */
export const comingNextPatterns = [
  '/history',
  '/reply-history',
  '/settings',
  '/admin/polling-settings',
  '/admin/tier-management',
  '/admin/reply-status-test',
  '/admin/scheduler-test',
] as const;
