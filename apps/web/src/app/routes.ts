// Route tables. Only path patterns and page titles live here (the main chunk); the pages are lazy
// modules. router.tsx and signed-in-area.tsx route exactly these patterns (routes.unit.test.ts),
// and the browser's accessibility audit visits every one of them.
import { matchRoute, type useRouter } from 'wouter';
import { comingNextPatterns } from '@web/app/coming-next-patterns';

/** Spec part 1 §2: the pages anyone may open (/payment and /email-collection ask for a session). */
export const publicPatterns = [
  '/',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/x-auth-callback',
  '/try-it-free',
  '/pricing',
  '/privacy',
  '/contact',
  '/payment',
  '/email-collection',
] as const;

/** Spec part 1 §2 and part 2 §2: every sign-in-required route, each inside the sidebar layout. */
export const signedInPatterns = [
  '/dashboard',
  '/trial-status',
  '/templates',
  '/accounts',
  '/admin/viral-styles',
  '/schedule-replies',
  '/schedule-replies-v2',
  '/bulk-replies',
  '/calendar-mockup',
  '/connected-accounts',
  '/schedules',
  '/schedule-replies/:id',
  '/history',
  '/reply-history',
  '/ready-to-send',
  '/admin/reply-status-test',
  '/admin/scheduler-test',
  '/admin/polling-settings',
  '/admin/tier-management',
  '/admin/mailbox',
  '/admin/audit',
  '/admin/ai-provider',
  '/admin/users',
  '/settings',
  ...comingNextPatterns,
] as const;

export type RoutePattern = (typeof publicPatterns)[number] | (typeof signedInPatterns)[number];

/** The tab's title on each page (a new pattern without one does not compile). */
export const pageTitles: Record<RoutePattern, string> = {
  '/': 'Riposte · Replies that get you seen on X',
  '/auth': 'Sign in',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/x-auth-callback': 'Signing in with X',
  '/try-it-free': 'Free trial',
  '/pricing': 'Pricing',
  '/privacy': 'Privacy Policy',
  '/contact': 'Contact',
  '/payment': 'Payment',
  '/email-collection': 'Your e-mail',
  '/dashboard': 'Dashboard',
  '/trial-status': 'Subscription',
  '/templates': 'Templates',
  '/accounts': 'Monitored Accounts',
  '/admin/viral-styles': 'Viral Styles',
  '/schedule-replies': 'Schedule Replies',
  '/schedule-replies-v2': 'Schedule Replies V2',
  '/bulk-replies': 'Bulk Replies',
  '/calendar-mockup': 'Calendar',
  '/connected-accounts': 'My X Accounts',
  '/schedules': 'Schedules',
  '/schedule-replies/:id': 'Schedule details',
  '/history': 'Reply History',
  '/reply-history': 'Reply History',
  '/ready-to-send': 'Ready to send',
  '/admin/reply-status-test': 'Reply Status Test',
  '/admin/scheduler-test': 'Scheduler Test',
  '/admin/polling-settings': 'Polling Settings',
  '/admin/tier-management': 'Tier Management',
  '/admin/mailbox': 'Mailbox',
  '/admin/audit': 'Audit',
  '/admin/ai-provider': 'AI Provider',
  '/admin/users': 'Users',
  '/settings': 'Settings',
};

export const NOT_FOUND_TITLE = 'Page not found';

const allPatterns: readonly RoutePattern[] = [...publicPatterns, ...signedInPatterns];

/** 'Dashboard · Riposte'; the landing page's title already carries the name. */
export function documentTitle(parser: ReturnType<typeof useRouter>['parser'], location: string): string {
  const pattern = allPatterns.find((p) => matchRoute(parser, p, location)[0]);
  if (pattern === '/') return pageTitles['/'];
  return `${pattern === undefined ? NOT_FOUND_TITLE : pageTitles[pattern]} · Riposte`;
}
