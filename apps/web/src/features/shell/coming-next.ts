// What each signed-in screen without its page will do (from spec part 2 §2), shown on its
// 'coming next' panel so a link to it never lands on an empty or broken page.
import {
  Users,
  type LucideIcon,
} from 'lucide-react';

export type ComingNext = { title: string; summary: string; icon: LucideIcon; points: string[]; adminOnly?: boolean };

export const comingNext: Record<string, ComingNext> = {
  '/accounts': {
    title: 'Monitored Accounts',
    icon: Users,
    summary: 'The accounts whose new posts Riposte watches for you.',
    points: ['The curated list of 30 high-impression accounts', 'Add and edit accounts where your plan allows', 'Activity overview per account'],
  },
};
