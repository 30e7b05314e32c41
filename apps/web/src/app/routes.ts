// Route tables. Only path patterns live here (the main chunk); the pages are lazy modules.
import { comingNextPatterns } from '@web/app/coming-next-patterns';

/** Spec part 1 §2 and part 2 §2: every sign-in-required route, each inside the sidebar layout. */
export const signedInPatterns: readonly string[] = ['/dashboard', '/trial-status', '/templates', '/accounts', '/admin/viral-styles', '/schedule-replies', '/schedule-replies-v2', '/bulk-replies', '/calendar-mockup', '/connected-accounts', '/schedules', '/schedule-replies/:id', '/history', '/reply-history', '/ready-to-send', '/admin/reply-status-test', '/admin/scheduler-test', '/admin/polling-settings', '/admin/tier-management', '/admin/mailbox', '/settings', ...comingNextPatterns];
