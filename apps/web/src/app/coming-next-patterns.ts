/** Signed-in routes whose screens come with later issues; they show a 'coming next' panel. */
export const comingNextPatterns = [
  '/history',
  '/reply-history',
  '/settings',
  '/admin/polling-settings',
  '/admin/tier-management',
  '/admin/reply-status-test',
  '/admin/scheduler-test',
] as const;
