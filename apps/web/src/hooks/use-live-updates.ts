// Live updates while signed in: the server's /api/live stream names the caller's replies that
// changed (a reply became ready, went out, failed), and every list that shows replies reloads at
// once. EventSource reconnects by itself (the server asks for 5 s); a closed tab closes it.
import { useEffect } from 'react';
import { mutate } from 'swr';

/** The queries that show replies or what they count: the queue, the history, schedules, the dashboard. */
const REPLY_QUERIES = ['/api/replies', '/api/schedules', '/api/dashboard', '/api/metrics', '/api/trial-status', '/api/accounts/activity'];

export const showsReplies = (key: unknown): boolean => typeof key === 'string' && REPLY_QUERIES.some((prefix) => key === prefix || key.startsWith(`${prefix}/`) || key.startsWith(`${prefix}?`));

export function useLiveUpdates(enabled: boolean): void {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live');
    const reload = () => void mutate(showsReplies);
    source.addEventListener('replies', reload);
    return () => {
      source.removeEventListener('replies', reload);
      source.close();
    };
  }, [enabled]);
}
