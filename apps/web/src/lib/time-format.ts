// Instants shown in the user's zone (their profile's IANA zone; the browser's when absent).
import { useAuth } from '@web/lib/auth';

export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The zone schedules are made and shown in. */
export function useUserZone(): string {
  const { user } = useAuth();
  return user?.timeZone || browserZone();
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
};

/** 'Tue, Mar 4, 1:00 PM' */
export const formatDateTime = (iso: string, zone: string): string =>
  formatter(zone, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** '1:00 PM' */
export const formatTimeOfDay = (iso: string, zone: string): string => formatter(zone, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** 'Tuesday, March 4' */
export const formatDayHeading = (iso: string, zone: string): string => formatter(zone, { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso));

/** The local calendar day of an instant, 'YYYY-MM-DD' (en-CA formats dates that way). */
export const localDayKey = (iso: string | number | Date, zone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '3 hours ago', 'yesterday', ... ; the exact time is in the cell's title. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86_400],
    ['month', 30 * 86_400],
    ['week', 7 * 86_400],
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return 'just now';
}
