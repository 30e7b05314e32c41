import {
  AtSign,
  BadgeCheck,
  Bot,
  CalendarClock,
  CalendarDays,
  FileText,
  Flame,
  FlaskConical,
  Gauge,
  History,
  Inbox,
  ScrollText,
  Layers,
  Send,
  LayoutDashboard,
  MessageSquarePlus,
  Settings,
  Sparkles,
  Timer,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { READY_PATH } from '@web/features/replies';

export type NavItem = { label: string; href: string; icon: LucideIcon; also?: string[] };

/**
 * Spec part 1 §2: the sidebar's main items, in this order. Riposte adds, where people look for
 * them: the Calendar beside the composers, Templates (the composers' content) and My X Accounts
 * (who posts) beside Monitored Accounts (whom to answer), and the queue of replies to post after
 * Reply History.
 */
export const mainNav: NavItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: LayoutDashboard },
  { label: 'Schedule Replies', href: '/schedule-replies', icon: MessageSquarePlus },
  { label: 'Schedule Replies V2', href: '/schedule-replies-v2', icon: Sparkles },
  { label: 'Bulk Replies', href: '/bulk-replies', icon: Layers },
  { label: 'Calendar', href: '/calendar-mockup', icon: CalendarDays },
  { label: 'Templates', href: '/templates', icon: FileText },
  { label: 'Monitored Accounts', href: '/accounts', icon: Users },
  { label: 'My X Accounts', href: '/connected-accounts', icon: AtSign },
  { label: 'Schedules', href: '/schedules', icon: CalendarClock },
  { label: 'Reply History', href: '/reply-history', icon: History, also: ['/history'] },
  { label: 'Ready to send', href: READY_PATH, icon: Send },
  { label: 'Settings', href: '/settings', icon: Settings },
];

/** The admin-only 'Admin Settings' group, in this order. */
export const adminNav: NavItem[] = [
  { label: 'Polling Settings', href: '/admin/polling-settings', icon: Timer },
  { label: 'Tier Management', href: '/admin/tier-management', icon: Gauge },
  { label: 'Viral Styles', href: '/admin/viral-styles', icon: Flame },
  { label: 'Reply Status Test', href: '/admin/reply-status-test', icon: BadgeCheck },
  { label: 'Scheduler Test', href: '/admin/scheduler-test', icon: FlaskConical },
  { label: 'Mailbox', href: '/admin/mailbox', icon: Inbox },
  { label: 'Audit', href: '/admin/audit', icon: ScrollText },
  { label: 'AI Provider', href: '/admin/ai-provider', icon: Bot },
  { label: 'Users', href: '/admin/users', icon: UserCog },
];

export function isActive(item: NavItem, location: string): boolean {
  const paths = [item.href, ...(item.also ?? [])];
  // /schedule-replies/{id} belongs to Schedule Replies; /schedule-replies-v2 does not.
  return paths.some((p) => location === p || location.startsWith(`${p}/`));
}

export function isAdminRoute(location: string): boolean {
  return location === '/admin' || location.startsWith('/admin/');
}
